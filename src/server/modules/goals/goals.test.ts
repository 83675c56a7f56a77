import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  addChild,
  createTestApp,
  insertCart,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

/** docs/product-contract.md "Learning and saving" and docs/decisions/153: savings goals. */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);
beforeEach(() => {
  t.clock.set("2026-06-10T12:00:00Z");
});

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", cookie: string, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function family(fields: Record<string, unknown> = {}) {
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "premium");
  const child = await addChild(t.app, parent.cookie, { monthlyBudget: "50.00", autoApprovalLimit: "10.00", ...fields });
  const kid = await signInChild(t.app, parent.cookie, child.id);
  return { parent, child, kid };
}
async function newGoal(cookie: string, childId: string, body: object = { name: "Bike", target: "120.00" }) {
  const res = await call("POST", cookie, `/api/children/${childId}/goals`, body);
  expect(res.statusCode).toBe(201);
  return res.json();
}
const add = (cookie: string, goalId: string, amount: string, source?: "child" | "match") =>
  call("POST", cookie, `/api/goals/${goalId}/contributions`, { amount, ...(source ? { source } : {}) });
async function figures(cookie: string, childId: string) {
  const child = (await call("GET", cookie, `/api/children/${childId}`)).json();
  const cents = (v: string) => Math.round(Number(v) * 100);
  return {
    saved: child.savedToGoals as string,
    leftCents:
      cents(child.monthlyBudget) + cents(child.bonusBudget) - cents(child.savedToGoals) - cents(child.currentSpent),
  };
}

describe("creating and listing goals", () => {
  it("the child creates a goal; both the child and the parent see it", async () => {
    const { parent, child, kid } = await family();
    const goal = await newGoal(kid, child.id, { name: " Bike ", target: "120", url: "https://bikes.example/red" });
    expect(goal).toMatchObject({
      childId: child.id,
      name: "Bike",
      target: "120.00",
      saved: "0.00",
      url: "https://bikes.example/red",
      status: "active",
      reachedAt: null,
      cartId: null,
    });
    for (const cookie of [kid, parent.cookie]) {
      const list = await call("GET", cookie, `/api/children/${child.id}/goals`);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((g: { id: string }) => g.id)).toEqual([goal.id]);
    }
  });

  it.each<[string, object, string, string]>([
    ["a missing name", { target: "5.00" }, "name", "Goal name is required"],
    ["a blank name", { name: "  ", target: "5.00" }, "name", "Goal name is required"],
    ["a long name", { name: "x".repeat(101), target: "5.00" }, "name", "Goal name must be at most 100 characters"],
    ["a zero target", { name: "Bike", target: "0.00" }, "target", "Target must be an amount above 0.00 (e.g., 120.00)"],
    [
      "a word as target",
      { name: "Bike", target: "lots" },
      "target",
      "Target must be an amount above 0.00 (e.g., 120.00)",
    ],
    [
      "a negative target",
      { name: "Bike", target: "-5" },
      "target",
      "Target must be an amount above 0.00 (e.g., 120.00)",
    ],
    [
      "a link that is not a web address",
      { name: "Bike", target: "5.00", url: "javascript:alert(1)" },
      "url",
      "Must be a web address",
    ],
  ])("refuses %s with a field message", async (_name, body, field, message) => {
    const { child, kid } = await family();
    const res = await call("POST", kid, `/api/children/${child.id}/goals`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it("refuses amounts that are not above zero, and a child's match", async () => {
    const { child, kid } = await family();
    const goal = await newGoal(kid, child.id);
    const zero = await add(kid, goal.id, "0");
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toContainEqual({ field: "amount", message: "Amount must be above 0.00 (e.g., 5.00)" });
    const match = await add(kid, goal.id, "1.00", "match");
    expect(match.statusCode).toBe(403);
  });

  it("caps open goals at 20 with a message the child understands", async () => {
    const { child, kid } = await family();
    for (let i = 0; i < 20; i++) await newGoal(kid, child.id, { name: `Goal ${i}`, target: "1.00" });
    const res = await call("POST", kid, `/api/children/${child.id}/goals`, { name: "One more", target: "1.00" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "goal_limit" });
    expect(res.json().message).toMatch(/already have 20 goals/);
  });

  it("renames a goal and changes its target; a lower target than saved reaches it", async () => {
    const { child, kid } = await family();
    const goal = await newGoal(kid, child.id);
    expect((await add(kid, goal.id, "30.00")).statusCode).toBe(200);
    const res = await call("PATCH", kid, `/api/goals/${goal.id}`, { name: "Scooter", target: "25.00", url: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Scooter",
      target: "25.00",
      saved: "30.00",
      status: "reached",
      url: null,
    });
    const bad = await call("PATCH", kid, `/api/goals/${goal.id}`, { target: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({
      field: "target",
      message: "Target must be an amount above 0.00 (e.g., 120.00)",
    });
  });
});

describe("who may reach a goal", () => {
  it("another family answers 404 everywhere; a sibling's session 403", async () => {
    const { parent, child, kid } = await family();
    const sibling = await addChild(t.app, parent.cookie, { name: "Sam" });
    const siblingKid = await signInChild(t.app, parent.cookie, sibling.id);
    const other = await signUpParent(t.app);
    const goal = await newGoal(kid, child.id);

    expect((await call("GET", other.cookie, `/api/children/${child.id}/goals`)).statusCode).toBe(404);
    expect(
      (await call("POST", other.cookie, `/api/children/${child.id}/goals`, { name: "X", target: "1.00" })).statusCode,
    ).toBe(404);
    expect((await call("PATCH", other.cookie, `/api/goals/${goal.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await call("DELETE", other.cookie, `/api/goals/${goal.id}`)).statusCode).toBe(404);
    expect((await add(other.cookie, goal.id, "1.00", "match")).statusCode).toBe(404);
    expect((await call("POST", other.cookie, `/api/goals/${goal.id}/cart`)).statusCode).toBe(404);
    expect((await call("PATCH", kid, "/api/goals/not-a-uuid", { name: "X" })).statusCode).toBe(404);

    expect((await call("GET", siblingKid, `/api/children/${child.id}/goals`)).statusCode).toBe(403);
    expect(
      (await call("POST", siblingKid, `/api/children/${child.id}/goals`, { name: "X", target: "1.00" })).statusCode,
    ).toBe(403);
    expect((await call("PATCH", siblingKid, `/api/goals/${goal.id}`, { name: "Mine" })).statusCode).toBe(403);
    expect((await call("DELETE", siblingKid, `/api/goals/${goal.id}`)).statusCode).toBe(403);
    expect((await add(siblingKid, goal.id, "1.00")).statusCode).toBe(403);
    expect((await call("GET", "", `/api/children/${child.id}/goals`)).statusCode).toBe(401);
    expect((await call("GET", kid, `/api/children/${child.id}/goals`)).json()[0]).toMatchObject({ name: "Bike" });
  });
});

describe("moving money into a goal", () => {
  it("moves money out of this month's budget left, never more than is left", async () => {
    const { child, kid } = await family();
    const spend = await call("POST", kid, `/api/children/${child.id}/carts`, {
      retailer: "Shop",
      items: [{ name: "Book", price: "10.00", quantity: 1 }],
    });
    expect(spend.json().status).toBe("approved");
    const goal = await newGoal(kid, child.id);

    const first = await add(kid, goal.id, "30.00");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ saved: "30.00", status: "active" });
    expect(await figures(kid, child.id)).toEqual({ saved: "30.00", leftCents: 1000 });

    const tooMuch = await add(kid, goal.id, "10.01");
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({
      code: "not_enough_left",
      message: "You only have $10.00 left this month, so you can move at most that into a goal.",
    });

    expect((await add(kid, goal.id, "10.00")).json()).toMatchObject({ saved: "40.00" });
    expect(await figures(kid, child.id)).toEqual({ saved: "40.00", leftCents: 0 });
    const none = await add(kid, goal.id, "0.01");
    expect(none.json()).toMatchObject({
      code: "not_enough_left",
      message: "You have no money left this month to move into a goal.",
    });

    // The money in the goal is not there to spend: a purchase now waits for a parent, over budget.
    const after = await call("POST", kid, `/api/children/${child.id}/carts`, {
      retailer: "Shop",
      items: [{ name: "Pen", price: "1.00", quantity: 1 }],
    });
    expect(after.json().status).toBe("pending");
  });

  it("a new month starts with its whole budget left; what was saved stays in the goal", async () => {
    // Near the month's end, so the sessions stay open into the next one.
    t.clock.set("2026-06-30T23:50:00Z");
    const { child, kid } = await family();
    const goal = await newGoal(kid, child.id);
    await add(kid, goal.id, "50.00");
    t.clock.set("2026-07-01T00:05:00Z");
    expect(await figures(kid, child.id)).toEqual({ saved: "0.00", leftCents: 5000 });
    expect((await add(kid, goal.id, "20.00")).json()).toMatchObject({ saved: "70.00" });
    expect(await figures(kid, child.id)).toEqual({ saved: "20.00", leftCents: 3000 });
  });

  it("never puts more in than the goal still misses, and nothing once it is reached", async () => {
    const { child, kid } = await family();
    const goal = await newGoal(kid, child.id, { name: "Ball", target: "15.00" });
    const over = await add(kid, goal.id, "15.01");
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Only $15.00 more reaches "Ball". Add that much or less.');
    const reached = await add(kid, goal.id, "15.00");
    expect(reached.json()).toMatchObject({ saved: "15.00", status: "reached", reachedAt: "2026-06-10T12:00:00.000Z" });
    expect((await add(kid, goal.id, "1.00")).statusCode).toBe(409);
  });

  it("a parent's match adds to the goal and leaves the child's budget as it was", async () => {
    const { parent, child, kid } = await family();
    const goal = await newGoal(kid, child.id);
    await add(kid, goal.id, "20.00");
    const match = await add(parent.cookie, goal.id, "20.00", "match");
    expect(match.statusCode).toBe(200);
    expect(match.json()).toMatchObject({ saved: "40.00" });
    expect(await figures(kid, child.id)).toEqual({ saved: "20.00", leftCents: 3000 });
    const rows = await t.database.query<{ source: string; amount: string; by: string | null }>(
      "select source, amount::text as amount, by_user_id::text as by from goal_contributions where goal_id = $1 order by created_at, source",
      [goal.id],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { source: "child", amount: "20.00", by: null },
        { source: "match", amount: "20.00", by: parent.user.id },
      ]),
    );
  });
});

describe("deleting a goal", () => {
  it("gives its money back to the current month's budget, whichever month it was saved in", async () => {
    t.clock.set("2026-06-30T23:50:00Z");
    const { child, kid } = await family();
    const goal = await newGoal(kid, child.id);
    await add(kid, goal.id, "40.00");
    t.clock.set("2026-07-01T00:05:00Z");
    await add(kid, goal.id, "5.00");
    expect(await figures(kid, child.id)).toEqual({ saved: "5.00", leftCents: 4500 });
    const res = await call("DELETE", kid, `/api/goals/${goal.id}`);
    expect(res.statusCode).toBe(204);
    expect(await figures(kid, child.id)).toEqual({ saved: "-40.00", leftCents: 9000 });
    expect((await call("GET", kid, `/api/children/${child.id}/goals`)).json()).toEqual([]);
    expect((await call("DELETE", kid, `/api/goals/${goal.id}`)).statusCode).toBe(404);
  });
});

describe("a declined cart becomes a goal", () => {
  it("in one request, once; only a declined cart, only the family's", async () => {
    const { parent, child, kid } = await family();
    const declined = await insertCart(t.database, child.id, { status: "declined", total: "35.00" });
    const res = await call("POST", kid, `/api/carts/${declined}/goal`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: "Item", target: "35.00", saved: "0.00", status: "active" });
    const again = await call("POST", kid, `/api/carts/${declined}/goal`);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(res.json().id);

    const pending = await insertCart(t.database, child.id, { status: "pending" });
    const refused = await call("POST", kid, `/api/carts/${pending}/goal`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Only a declined cart can become a goal");

    const sibling = await addChild(t.app, parent.cookie, { name: "Sam" });
    const siblingCart = await insertCart(t.database, sibling.id, { status: "declined" });
    expect((await call("POST", kid, `/api/carts/${siblingCart}/goal`)).statusCode).toBe(403);
    const other = await signUpParent(t.app);
    expect((await call("POST", other.cookie, `/api/carts/${declined}/goal`)).statusCode).toBe(404);
    expect((await call("POST", kid, "/api/carts/nope/goal")).statusCode).toBe(404);
  });
});

describe("asking to buy a reached goal", () => {
  it("sends an ordinary cart paid from what was saved", async () => {
    const { parent, child, kid } = await family();
    const goal = await newGoal(kid, child.id, { name: "Bike", target: "30.00", url: "https://www.bikes.example/red" });
    expect((await call("POST", kid, `/api/goals/${goal.id}/cart`)).json()).toMatchObject({
      message: "Save $30.00 more first",
    });
    await add(kid, goal.id, "20.00");
    await add(parent.cookie, goal.id, "10.00", "match");
    expect(await figures(kid, child.id)).toEqual({ saved: "20.00", leftCents: 3000 });

    const res = await call("POST", kid, `/api/goals/${goal.id}/cart`);
    expect(res.statusCode).toBe(201);
    const { goal: bought, cart } = res.json();
    expect(cart).toMatchObject({
      retailer: "bikes.example",
      total: "30.00",
      status: "pending",
      items: [{ name: "Bike", price: "30.00", quantity: 1, url: "https://www.bikes.example/red" }],
    });
    expect(bought).toMatchObject({ status: "bought", cartId: cart.id, saved: "30.00" });
    // The goal's money (the match included) is back in the budget, where the cart's approval takes it from.
    expect(await figures(kid, child.id)).toEqual({ saved: "-10.00", leftCents: 6000 });
    const approved = await call("PATCH", parent.cookie, `/api/carts/${cart.id}/status`, { status: "approved" });
    expect(approved.statusCode).toBe(200);
    expect(await figures(kid, child.id)).toEqual({ saved: "-10.00", leftCents: 3000 });

    expect((await call("POST", kid, `/api/goals/${goal.id}/cart`)).statusCode).toBe(409);
    expect((await call("PATCH", kid, `/api/goals/${goal.id}`, { name: "X" })).statusCode).toBe(409);
    // Its money was released already, so deleting it gives nothing back twice.
    expect((await call("DELETE", kid, `/api/goals/${goal.id}`)).statusCode).toBe(204);
    expect(await figures(kid, child.id)).toEqual({ saved: "-10.00", leftCents: 3000 });
  });
});

async function http(method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/*
 * Over real HTTP, so on PostgreSQL (PW_TEST_DB=postgres) the requests run on separate connections and
 * really interleave; PGlite serialises them.
 */
describe("contributions racing purchases", () => {
  it("never take the month's budget left below zero", async () => {
    const { child, kid } = await family({ monthlyBudget: "50.00", autoApprovalLimit: "50.00" });
    const goal = await newGoal(kid, child.id, { name: "Bike", target: "500.00" });
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2 === 0
          ? http("POST", `/api/goals/${goal.id}/contributions`, kid, { amount: "5.00" }).then((r) => ({
              kind: "goal",
              ok: r.status === 200,
              status: r.status,
            }))
          : http("POST", `/api/children/${child.id}/carts`, kid, {
              retailer: "Shop",
              items: [{ name: "Toy", price: "5.00", quantity: 1 }],
            }).then((r) => ({ kind: "cart", ok: r.status === 201 && r.body.status === "approved", status: r.status })),
      ),
    );
    expect(results.every((r) => r.status === 200 || r.status === 201 || r.status === 409)).toBe(true);
    const moved = results.filter((r) => r.kind === "goal" && r.ok).length;
    const bought = results.filter((r) => r.kind === "cart" && r.ok).length;
    expect(moved + bought).toBe(10);
    const [row] = await t.database.query<{ spent: string; saved: string; goal: string; carts: string }>(
      `select c.current_spent::text as spent, c.goal_transfers::text as saved,
              (select saved::text from savings_goals where id = $2) as goal,
              (select coalesce(sum(total), 0)::numeric(10, 2)::text from carts where child_id = c.id and status = 'approved') as carts
         from children c where c.id = $1`,
      [child.id, goal.id],
    );
    expect(row).toEqual({
      spent: (bought * 5).toFixed(2),
      saved: (moved * 5).toFixed(2),
      goal: (moved * 5).toFixed(2),
      carts: (bought * 5).toFixed(2),
    });
    expect((await figures(kid, child.id)).leftCents).toBe(0);
  });
});
