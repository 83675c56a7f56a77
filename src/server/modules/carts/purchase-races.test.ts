import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
  testDatabaseKind,
} from "../../test-support/test-app";

/**
 * docs/product-contract.md "Carts: the purchase flow" (each approval is atomic): many requests at once over real HTTP, so on PostgreSQL they
 * run on separate connections and really interleave (PW_TEST_DB=postgres). PGlite serialises them.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

async function http(
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}
const statuses = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>((acc, r) => {
    acc[r.status] = (acc[r.status] ?? 0) + 1;
    return acc;
  }, {});
const submitBody = (price: string) => ({ retailer: "Shop", items: [{ name: "Toy", price, quantity: 1 }] });

/** Adds a child, then saves the settings the create form does not carry (requireApprovalForAll). */
async function addChildWith(cookie: string, fields: Record<string, unknown>) {
  const child = await addChild(t.app, cookie, fields);
  if (fields.requireApprovalForAll) {
    await t.app.inject({
      method: "PATCH",
      url: `/api/children/${child.id}`,
      headers: { cookie },
      payload: { requireApprovalForAll: true },
    });
  }
  return child;
}
async function family(tier: string, childFields: Record<string, unknown>) {
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, tier);
  const child = await addChildWith(parent.cookie, childFields);
  return { parent, child };
}
async function pendingCarts(cookie: string, childId: string, prices: string[]) {
  const ids: string[] = [];
  for (const price of prices) {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/children/${childId}/carts`,
      headers: { cookie },
      payload: submitBody(price),
    });
    expect(res.json().status).toBe("pending");
    ids.push(res.json().id);
  }
  return ids;
}
async function childState(childId: string) {
  const [row] = await t.database.query<{ spent: string; budget: string; approved: string; sum: string | null }>(
    `select c.current_spent as spent, c.monthly_budget as budget,
            (select count(*)::text from carts where child_id = c.id and status = 'approved') as approved,
            (select sum(total)::text from carts where child_id = c.id and status = 'approved') as sum
       from children c where c.id = $1`,
    [childId],
  );
  return row;
}
const purchasesUsed = async (userId: string) =>
  (await t.database.query<{ n: number }>("select monthly_purchases as n from users where id = $1", [userId]))[0]?.n;

describe("concurrent purchase writes", () => {
  it("many concurrent approvals against one budget approve exactly what fits", async () => {
    const { parent, child } = await family("premium", { monthlyBudget: "50.00", requireApprovalForAll: true });
    const ids = await pendingCarts(parent.cookie, child.id, Array(20).fill("5.00"));
    const results = await Promise.all(
      ids.map((id) => http("PATCH", `/api/carts/${id}/status`, parent.cookie, { status: "approved" })),
    );
    expect(statuses(results)).toEqual({ 200: 10, 409: 10 });
    expect(await childState(child.id)).toMatchObject({ spent: "50.00", approved: "10", sum: "50.00" });
    expect(await purchasesUsed(parent.user.id)).toBe(10);
  });

  it("concurrent approvals of one cart approve it once", async () => {
    const { parent, child } = await family("premium", { monthlyBudget: "50.00", requireApprovalForAll: true });
    const [id] = await pendingCarts(parent.cookie, child.id, ["7.00"]);
    const results = await Promise.all(
      Array.from({ length: 25 }, () => http("PATCH", `/api/carts/${id}/status`, parent.cookie, { status: "approved" })),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: 24 });
    expect(await childState(child.id)).toMatchObject({ spent: "7.00", approved: "1" });
    expect(await purchasesUsed(parent.user.id)).toBe(1);
  });

  it("concurrent retries of one decision with one Idempotency-Key all answer the first result", async () => {
    const { parent, child } = await family("premium", { monthlyBudget: "50.00", requireApprovalForAll: true });
    const [id] = await pendingCarts(parent.cookie, child.id, ["7.00"]);
    const results = await Promise.all(
      Array.from({ length: 15 }, () =>
        http("PATCH", `/api/carts/${id}/status`, parent.cookie, { status: "approved" }, { "Idempotency-Key": "tap-1" }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 15 });
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await childState(child.id)).toMatchObject({ spent: "7.00", approved: "1" });
  });

  it("the Free plan's last purchases go to exactly as many concurrent approvals as are left", async () => {
    const { parent, child } = await family("free", { monthlyBudget: "100.00", requireApprovalForAll: true });
    const ids = await pendingCarts(parent.cookie, child.id, Array(12).fill("1.00"));
    const results = await Promise.all(
      ids.map((id) => http("PATCH", `/api/carts/${id}/status`, parent.cookie, { status: "approved" })),
    );
    expect(statuses(results)).toEqual({ 200: 5, 403: 7 });
    expect(await purchasesUsed(parent.user.id)).toBe(5);
  });

  it("concurrent submissions near the limit auto-approve only what fits the budget", async () => {
    const { parent, child } = await family("premium", { monthlyBudget: "50.00", autoApprovalLimit: "10.00" });
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => http("POST", `/api/children/${child.id}/carts`, kid, submitBody("9.00"))),
    );
    expect(statuses(results)).toEqual({ 201: 20 });
    const approved = results.filter((r) => r.body.status === "approved");
    expect(approved).toHaveLength(5);
    for (const r of results.filter((r) => r.body.status === "pending")) {
      expect(r.body.decisionReason).toBe("Needs a parent: would go over this month's budget");
    }
    expect(await childState(child.id)).toMatchObject({ spent: "45.00", approved: "5", sum: "45.00" });
  });

  it("concurrent retries of one submission make one cart", async () => {
    const { parent, child } = await family("premium", { monthlyBudget: "50.00" });
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const results = await Promise.all(
      Array.from({ length: 15 }, () =>
        http("POST", `/api/children/${child.id}/carts`, kid, submitBody("3.00"), { "Idempotency-Key": "checkout-9" }),
      ),
    );
    expect(statuses(results)).toEqual({ 201: 15 });
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await childState(child.id)).toMatchObject({ spent: "3.00", approved: "1" });
  });

  it("an approval racing a budget change either fits the old budget or is refused, and neither is lost", async () => {
    const { parent } = await family("premium", { monthlyBudget: "50.00", requireApprovalForAll: true });
    const kids = [];
    for (let i = 0; i < 6; i++) {
      kids.push(
        await addChildWith(parent.cookie, { name: `Kid ${i}`, monthlyBudget: "50.00", requireApprovalForAll: true }),
      );
    }
    const carts = await Promise.all(kids.map(async (kid) => (await pendingCarts(parent.cookie, kid.id, ["30.00"]))[0]));
    const results = await Promise.all(
      kids.flatMap((kid, i) => [
        http("PATCH", `/api/carts/${carts[i]}/status`, parent.cookie, { status: "approved" }),
        http("PATCH", `/api/children/${kid.id}`, parent.cookie, { monthlyBudget: "20.00", autoApprovalLimit: "5.00" }),
      ]),
    );
    for (const [i, kid] of kids.entries()) {
      const approval = results[i * 2];
      const settings = results[i * 2 + 1];
      expect(settings?.status).toBe(200);
      const state = await childState(kid.id);
      expect(state?.budget).toBe("20.00");
      if (approval?.status === 200) expect(state).toMatchObject({ spent: "30.00", approved: "1" });
      else expect([approval?.status, state?.spent, state?.approved]).toEqual([409, "0.00", "0"]);
    }
  });

  it("concurrent confirmations of one chore pay its reward once", async () => {
    const { parent, child } = await family("premium", { monthlyBudget: "50.00" });
    const chore = await t.app.inject({
      method: "POST",
      url: `/api/children/${child.id}/chores`,
      headers: { cookie: parent.cookie },
      payload: { title: "Dishes", reward: "2.50" },
    });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => http("POST", `/api/chores/${chore.json().id}/confirm`, parent.cookie)),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: 11 });
    const [row] = await t.database.query<{ bonus: string }>(
      "select bonus_budget as bonus from children where id = $1",
      [child.id],
    );
    expect(row?.bonus).toBe("2.50");
  });

  it("approvals, submissions, budget changes and declines of one family at once never deadlock or overspend", async () => {
    const { parent, child } = await family("premium", { monthlyBudget: "60.00", autoApprovalLimit: "10.00" });
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await http("POST", `/api/children/${child.id}/carts`, parent.cookie, submitBody("12.00"));
      ids.push(res.body.id);
    }
    const requests = [
      ...ids
        .slice(0, 8)
        .map((id) => () => http("PATCH", `/api/carts/${id}/status`, parent.cookie, { status: "approved" })),
      ...ids
        .slice(8)
        .map((id) => () => http("PATCH", `/api/carts/${id}/status`, parent.cookie, { status: "declined" })),
      ...Array.from(
        { length: 8 },
        () => () => http("POST", `/api/children/${child.id}/carts`, kid, submitBody("6.00")),
      ),
      ...["70.00", "40.00", "90.00"].map(
        (budget) => () => http("PATCH", `/api/children/${child.id}`, parent.cookie, { monthlyBudget: budget }),
      ),
    ];
    // Interleave the kinds so every lock path runs against every other.
    const shuffled = requests.map((run, i) => ({ run, key: (i * 7) % requests.length })).sort((a, b) => a.key - b.key);
    const results = await Promise.all(shuffled.map((r) => r.run()));
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    for (const r of results) expect([200, 201, 400, 409]).toContain(r.status);
    const state = await childState(child.id);
    expect(state?.spent).toBe(state?.sum ?? "0.00");
    // No approval here allows going over budget, so spending never passes the largest budget ever saved.
    expect(Number(state?.spent)).toBeLessThanOrEqual(90);
  });

  it("concurrent acceptances of one suggestion make one cart", async () => {
    const { parent, child } = await family("premium", { monthlyBudget: "50.00", requireApprovalForAll: true });
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const [id] = await pendingCarts(parent.cookie, child.id, ["30.00"]);
    await http("PATCH", `/api/carts/${id}/status`, parent.cookie, {
      status: "declined",
      suggestedItem: { name: "Cheaper", price: "9.00" },
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => http("POST", `/api/carts/${id}/accept-suggestion`, kid)),
    );
    expect(statuses(results)).toEqual({ 201: 1, 409: 9 });
  });

  it("many families' submissions and decisions at once are each decided on their own family's figures", async () => {
    const families = await Promise.all(
      Array.from({ length: 12 }, () => family("premium", { monthlyBudget: "20.00", autoApprovalLimit: "10.00" })),
    );
    const pending = await Promise.all(
      families.map(async ({ parent, child }) => (await pendingCarts(parent.cookie, child.id, ["15.00"]))[0]),
    );
    const requests = families.flatMap(({ parent, child }, i) => [
      ...Array.from(
        { length: 3 },
        () => () => http("POST", `/api/children/${child.id}/carts`, parent.cookie, submitBody("9.00")),
      ),
      () => http("PATCH", `/api/carts/${pending[i]}/status`, parent.cookie, { status: "approved" }),
    ]);
    const shuffled = requests.map((run, i) => ({ run, key: (i * 5) % requests.length })).sort((a, b) => a.key - b.key);
    const results = await Promise.all(shuffled.map((r) => r.run()));
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    for (const { child } of families) {
      const state = await childState(child.id);
      // 15.00 approved by the parent leaves room for no 9.00 cart; without it, two fit. Either way spent matches.
      expect(state?.spent).toBe(state?.sum ?? "0.00");
      expect(Number(state?.spent)).toBeLessThanOrEqual(20);
      expect(["15.00", "18.00"]).toContain(state?.spent);
    }
  });

  it.runIf(testDatabaseKind() === "postgres")(
    "a family whose rows another transaction holds does not hold up other families' submissions",
    async () => {
      const held = await family("premium", { monthlyBudget: "50.00", autoApprovalLimit: "10.00" });
      const free = await family("premium", { monthlyBudget: "50.00", autoApprovalLimit: "10.00" });
      const connection = t.database.connection;
      if (connection.kind !== "postgres") throw new Error("needs PostgreSQL");
      const holder = new pg.Client({ connectionString: connection.url });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("select id from users where id = $1 for update", [held.parent.user.id]);
        let heldDone = false;
        const heldSubmission = http(
          "POST",
          `/api/children/${held.child.id}/carts`,
          held.parent.cookie,
          submitBody("2.00"),
        ).then((r) => {
          heldDone = true;
          return r;
        });
        const others = await Promise.all(
          Array.from({ length: 3 }, () =>
            http("POST", `/api/children/${free.child.id}/carts`, free.parent.cookie, submitBody("2.00")),
          ),
        );
        expect(statuses(others)).toEqual({ 201: 3 });
        expect(heldDone).toBe(false);
        await holder.query("commit");
        expect((await heldSubmission).status).toBe(201);
        expect(await childState(held.child.id)).toMatchObject({ spent: "2.00", approved: "1" });
      } finally {
        await holder.end();
      }
    },
  );
});
