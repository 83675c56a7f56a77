import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents, parseNumericCents } from "../../../shared/rules/money";
import { startOfMonth } from "../../lib/month";
import {
  addChild,
  cookieFrom,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

/** One operation of the purchase flow; indices pick among what exists when it runs. */
type Op =
  | {
      kind: "submit";
      child: number;
      price: number;
      quantity: number;
      category: "Games" | "Books" | null;
      byParent: boolean;
    }
  | { kind: "approve"; pick: number }
  | { kind: "decline"; pick: number; suggest: boolean }
  | { kind: "accept"; pick: number }
  | { kind: "settings"; child: number; raiseBy: number; limit: number; requireAll: boolean }
  | { kind: "chore"; child: number; reward: number };
/** A step runs its operations one after another, or all at once. */
type Step = { kind: "ops"; ops: Op[]; concurrent: boolean } | { kind: "newMonth" };

// Weighted so that carts pile up and get approved often enough to reach the limits within a few steps.
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("submit" as const),
      child: fc.nat(1),
      price: fc.integer({ min: 1, max: 900 }),
      quantity: fc.integer({ min: 1, max: 2 }),
      category: fc.constantFrom("Games" as const, "Books" as const, null),
      byParent: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("approve" as const), pick: fc.nat(20) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("decline" as const), pick: fc.nat(20), suggest: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("accept" as const), pick: fc.nat(20) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("settings" as const),
      child: fc.nat(1),
      raiseBy: fc.integer({ min: 0, max: 2000 }),
      limit: fc.integer({ min: 0, max: 3000 }),
      requireAll: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("chore" as const),
      child: fc.nat(1),
      reward: fc.integer({ min: 1, max: 800 }),
    }),
  },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.record({
      kind: fc.constant("ops" as const),
      ops: fc.array(op, { minLength: 1, maxLength: 6 }),
      concurrent: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "newMonth" as const }) },
);

interface World {
  parent: { cookie: string; email: string; password: string; userId: string };
  children: { id: string; kid: string }[];
  tier: string;
  month: number;
}

const inject = (method: "GET" | "POST" | "PATCH", cookie: string, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function cartsWhere(world: World, status: string) {
  return t.database.query<{ id: string; child_id: string }>(
    `select c.id, c.child_id from carts c join children ch on ch.id = c.child_id
      where ch.parent_id = $1 and c.status = $2 order by c.created_at, c.id`,
    [world.parent.userId, status],
  );
}

async function run(world: World, o: Op) {
  const pick = async (status: string, n: number) => {
    const rows = await cartsWhere(world, status);
    return rows.length ? rows[n % rows.length] : undefined;
  };
  switch (o.kind) {
    case "submit": {
      const child = world.children[o.child];
      if (!child) return;
      const item = {
        name: "Thing",
        price: formatCents(o.price),
        quantity: o.quantity,
        ...(o.category ? { category: o.category } : {}),
      };
      await inject("POST", o.byParent ? world.parent.cookie : child.kid, `/api/children/${child.id}/carts`, {
        retailer: "Shop",
        items: [item],
      });
      return;
    }
    case "approve": {
      const cart = await pick("pending", o.pick);
      if (cart) await inject("PATCH", world.parent.cookie, `/api/carts/${cart.id}/status`, { status: "approved" });
      return;
    }
    case "decline": {
      const cart = await pick("pending", o.pick);
      const suggestedItem = o.suggest ? { name: "Instead", price: "4.00" } : undefined;
      if (cart)
        await inject("PATCH", world.parent.cookie, `/api/carts/${cart.id}/status`, {
          status: "declined",
          suggestedItem,
        });
      return;
    }
    case "accept": {
      const cart = await pick("declined", o.pick);
      const child = world.children.find((c) => c.id === cart?.child_id);
      if (cart && child) await inject("POST", child.kid, `/api/carts/${cart.id}/accept-suggestion`);
      return;
    }
    case "settings": {
      const child = world.children[o.child];
      if (!child) return;
      const current = (await inject("GET", world.parent.cookie, `/api/children/${child.id}`)).json();
      // Budgets only grow here, so "never over budget" stays a fair check while settings race approvals.
      const budget = parseNumericCents(current.monthlyBudget) + o.raiseBy;
      await inject("PATCH", world.parent.cookie, `/api/children/${child.id}`, {
        monthlyBudget: formatCents(budget),
        autoApprovalLimit: formatCents(Math.min(o.limit, budget)),
        requireApprovalForAll: o.requireAll,
      });
      return;
    }
    case "chore": {
      const child = world.children[o.child];
      if (!child) return;
      const chore = await inject("POST", world.parent.cookie, `/api/children/${child.id}/chores`, {
        title: "Chore",
        reward: formatCents(o.reward),
      });
      await inject("POST", child.kid, `/api/chores/${chore.json().id}/complete`);
      await inject("POST", world.parent.cookie, `/api/chores/${chore.json().id}/confirm`);
      return;
    }
  }
}

/** After every step: spending equals this month's approved carts, and nothing took a child over budget. */
async function checkInvariants(world: World) {
  const monthStart = startOfMonth(t.clock.now());
  let purchases = 0;
  for (const { id } of world.children) {
    const child = (await inject("GET", world.parent.cookie, `/api/children/${id}`)).json();
    const approved = await t.database.query<{
      total: string;
      items: { price: string; quantity: number; category?: string }[];
    }>(
      "select total::text as total, items from carts where child_id = $1 and status = 'approved' and approved_at >= $2",
      [id, monthStart.toISOString()],
    );
    purchases += approved.length;
    const sum = approved.reduce((s, c) => s + parseNumericCents(c.total), 0);
    const spent = parseNumericCents(child.currentSpent);
    expect(spent).toBe(sum);
    expect(spent).toBeLessThanOrEqual(parseNumericCents(child.monthlyBudget) + parseNumericCents(child.bonusBudget));

    const categories = (await inject("GET", world.parent.cookie, `/api/children/${id}/categories`)).json();
    for (const category of categories as { name: string; currentSpent: string; monthlyLimit: string }[]) {
      const inCategory = approved
        .flatMap((c) => c.items)
        .filter((i) => i.category === category.name)
        .reduce((s, i) => s + parseNumericCents(i.price) * i.quantity, 0);
      expect(parseNumericCents(category.currentSpent)).toBe(inCategory);
    }
  }
  const usage = (await inject("GET", world.parent.cookie, "/api/usage")).json();
  expect(usage.currentUsage).toBe(purchases);
  if (world.tier === "free") expect(purchases).toBeLessThanOrEqual(5);

  // An automatic approval never passed the auto-approval rules it names: it never exceeded the
  // limit or budget it had (checked above through spent), and never included a restricted item.
  const autoRestricted = await t.database.query(
    `select c.id from carts c join children ch on ch.id = c.child_id
      where ch.parent_id = $1 and c.decision_reason like 'Approved automatically%' and c.items @> '[{"category":"Books"}]'`,
    [world.parent.userId],
  );
  expect(autoRestricted).toEqual([]);
}

async function newWorld(tier: string): Promise<World> {
  t.clock.set("2026-02-27T12:00:00Z");
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, tier);
  const children = [];
  // The Free plan allows one active child.
  for (const name of tier === "free" ? ["Maya"] : ["Maya", "Leo"]) {
    const child = await addChild(t.app, parent.cookie, { name, monthlyBudget: "40.00", autoApprovalLimit: "15.00" });
    for (const [category, body] of [
      ["Games", { name: "Games", monthlyLimit: "12.00" }],
      ["Books", { name: "Books", isRestricted: true }],
    ] as const) {
      const res = await inject("POST", parent.cookie, `/api/children/${child.id}/categories`, body);
      expect(res.statusCode, category).toBe(201);
    }
    children.push({ id: child.id, kid: await signInChild(t.app, parent.cookie, child.id) });
  }
  return {
    parent: { cookie: parent.cookie, email: parent.email, password: parent.password, userId: parent.user.id },
    children,
    tier,
    month: 0,
  };
}

/** Moves to the next month's 1st; sessions idle out over such a jump, so everyone signs in again. */
async function nextMonth(world: World) {
  world.month += 1;
  t.clock.set(new Date(Date.UTC(2026, 2 + world.month, 1, 0, 0, 1)));
  const login = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: world.parent.email, password: world.parent.password },
  });
  world.parent.cookie = cookieFrom(login);
  for (const child of world.children) child.kid = await signInChild(t.app, world.parent.cookie, child.id);
}

describe("the purchase flow under random operations", () => {
  it("keeps spending equal to this month's approved carts and never auto-approves over budget", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("free", "family"),
        fc.array(step, { minLength: 3, maxLength: 12 }),
        async (tier, steps) => {
          const world = await newWorld(tier);
          for (const s of steps) {
            if (s.kind === "newMonth") await nextMonth(world);
            else if (s.concurrent) await Promise.all(s.ops.map((o) => run(world, o)));
            else for (const o of s.ops) await run(world, o);
            await checkInvariants(world);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
