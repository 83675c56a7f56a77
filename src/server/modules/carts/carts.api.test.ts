import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addChild,
  cookieFrom,
  createTestApp,
  insertCart,
  SLOW_START_MS,
  setTier,
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

const decide = (cookie: string, id: string, payload: unknown) =>
  t.app.inject({ method: "PATCH", url: `/api/carts/${id}/status`, headers: { cookie }, payload: payload as object });
const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const minutesAgo = (n: number) => new Date(t.clock.now().getTime() - n * 60_000);

const cartRow = async (id: string) => {
  const [row] = await t.database.query<{ status: string; approved_at: Date | null; decision_note: string | null }>(
    "select status, approved_at, decision_note from carts where id = $1",
    [id],
  );
  return row;
};

/** A parent with one child (budget 50, limit 10) on the given plan. */
async function family(tier = "free", childFields: Record<string, unknown> = {}) {
  const parent = await signUpParent(t.app);
  if (tier !== "free") await setTier(t.database, parent.user.id, tier);
  const child = await addChild(t.app, parent.cookie, childFields);
  return { parent, child };
}

describe("GET /api/carts/pending", () => {
  it("lists the parent's pending carts newest first with the child's name and colour", async () => {
    const { parent, child } = await family("family", { name: "Maya", profileColor: "#10B981" });
    const leo = await addChild(t.app, parent.cookie, { name: "Leo", profileColor: "#3B82F6" });
    const oldest = await insertCart(t.database, child.id, { createdAt: minutesAgo(30), retailer: "Books" });
    const newest = await insertCart(t.database, leo.id, { createdAt: minutesAgo(1), tag: "birthday", total: "12.34" });
    const middle = await insertCart(t.database, child.id, { createdAt: minutesAgo(10) });
    for (const status of ["approved", "declined", "completed"]) await insertCart(t.database, child.id, { status });
    const stranger = await family();
    await insertCart(t.database, stranger.child.id);

    const res = await get(parent.cookie, "/api/carts/pending");
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { id: string }) => c.id)).toEqual([newest, middle, oldest]);
    expect(list[0]).toMatchObject({
      id: newest,
      retailer: "Toy Shop",
      total: "12.34",
      tag: "birthday",
      status: "pending",
      childId: leo.id,
      childName: "Leo",
      childProfileColor: "#3B82F6",
    });
    expect(list[2]).toMatchObject({ retailer: "Books", childName: "Maya", childProfileColor: "#10B981", tag: null });
  });

  it("answers an empty list when all is caught up, and 401 without a session", async () => {
    const { parent } = await family();
    expect((await get(parent.cookie, "/api/carts/pending")).json()).toEqual([]);
    const anon = await t.app.inject({ method: "GET", url: "/api/carts/pending" });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: "Unauthorized" });
  });
});

describe("GET /api/children/:id/carts, achievements and chores", () => {
  it("lists the child's carts newest first, in every status", async () => {
    const { parent, child } = await family();
    const ids = [];
    for (const [i, status] of ["completed", "declined", "approved", "pending"].entries()) {
      ids.push(await insertCart(t.database, child.id, { status, createdAt: minutesAgo(40 - i * 10) }));
    }
    const res = await get(parent.cookie, `/api/children/${child.id}/carts`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
    expect(list.map((c: { status: string }) => c.status)).toEqual(["pending", "approved", "declined", "completed"]);
    for (const cart of list)
      expect(Object.keys(cart)).toEqual(expect.arrayContaining(["id", "retailer", "total", "status"]));
  });

  it("lists the child's badges and chores with the fields the dashboard reads", async () => {
    const { parent, child } = await family();
    await t.database.query(
      "insert into achievements (child_id, type, title, description) values ($1, 'smart_spender', 'Smart Spender', 'First approved purchase')",
      [child.id],
    );
    await t.database.query(
      "insert into chores (child_id, title, reward, is_completed) values ($1, 'Dishes', '2.50', false), ($1, 'Lawn', '5.00', true)",
      [child.id],
    );
    const badges = await get(parent.cookie, `/api/children/${child.id}/achievements`);
    expect(badges.statusCode).toBe(200);
    expect(badges.json()).toEqual([
      expect.objectContaining({ id: expect.any(String), title: "Smart Spender", type: "smart_spender" }),
    ]);
    const chores = await get(parent.cookie, `/api/children/${child.id}/chores`);
    expect(chores.statusCode).toBe(200);
    expect(chores.json()).toHaveLength(2);
    expect(chores.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "Dishes", reward: "2.50", isCompleted: false }),
        expect.objectContaining({ title: "Lawn", reward: "5.00", isCompleted: true }),
      ]),
    );
  });

  it("answers empty lists for a new child", async () => {
    const { parent, child } = await family();
    for (const list of ["carts", "achievements", "chores"]) {
      expect((await get(parent.cookie, `/api/children/${child.id}/${list}`)).json()).toEqual([]);
    }
  });
});

describe("PATCH /api/carts/:id/status", () => {
  it("approves a pending cart: status, time, the child's spending and the month's purchases", async () => {
    const { parent, child } = await family();
    const id = await insertCart(t.database, child.id, { total: "12.50" });
    const res = await decide(parent.cookie, id, { status: "approved" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: "approved",
      total: "12.50",
      approvedAt: t.clock.now().toISOString(),
    });
    expect((await get(parent.cookie, `/api/children/${child.id}`)).json().currentSpent).toBe("12.50");
    expect((await get(parent.cookie, "/api/usage")).json().currentUsage).toBe(1);
    expect((await get(parent.cookie, "/api/carts/pending")).json()).toEqual([]);
  });

  it("declines with a note the child can read, spending nothing", async () => {
    const { parent, child } = await family();
    const id = await insertCart(t.database, child.id, { total: "30.00" });
    const res = await decide(parent.cookie, id, { status: "declined", note: "  Try the library copy  " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "declined", decisionNote: "Try the library copy", approvedAt: null });
    expect((await get(parent.cookie, `/api/children/${child.id}`)).json().currentSpent).toBe("0.00");
    expect((await get(parent.cookie, "/api/usage")).json().currentUsage).toBe(0);
  });

  it.each(["approved", "declined", "completed"])("answers 409 for a cart that is already %s", async (status) => {
    const { parent, child } = await family();
    const id = await insertCart(t.database, child.id, { status });
    for (const next of ["approved", "declined"]) {
      const res = await decide(parent.cookie, id, { status: next });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(status);
    }
    expect((await cartRow(id))?.status).toBe(status);
  });

  it("never approves the same cart twice, even when asked at once", async () => {
    const { parent, child } = await family();
    const id = await insertCart(t.database, child.id, { total: "5.00" });
    const results = await Promise.all([1, 2, 3].map(() => decide(parent.cookie, id, { status: "approved" })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await get(parent.cookie, `/api/children/${child.id}`)).json().currentSpent).toBe("5.00");
    expect((await get(parent.cookie, "/api/usage")).json().currentUsage).toBe(1);
  });

  it("refuses with 409 an approval that would go over the monthly budget, unless allowOverBudget", async () => {
    const { parent, child } = await family("free", { monthlyBudget: "20.00", autoApprovalLimit: "5.00" });
    const first = await insertCart(t.database, child.id, { total: "15.00" });
    const second = await insertCart(t.database, child.id, { total: "5.01" });
    expect((await decide(parent.cookie, first, { status: "approved" })).statusCode).toBe(200);

    const refused = await decide(parent.cookie, second, { status: "approved" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/over the monthly budget/);
    expect(refused.json().message).toContain("$5.00 left");
    expect((await cartRow(second))?.status).toBe("pending");
    expect((await get(parent.cookie, `/api/children/${child.id}`)).json().currentSpent).toBe("15.00");

    const forced = await decide(parent.cookie, second, { status: "approved", allowOverBudget: true });
    expect(forced.statusCode).toBe(200);
    expect((await get(parent.cookie, `/api/children/${child.id}`)).json().currentSpent).toBe("20.01");
  });

  it("approves a cart that spends the budget exactly", async () => {
    const { parent, child } = await family("free", { monthlyBudget: "20.00", autoApprovalLimit: "5.00" });
    const id = await insertCart(t.database, child.id, { total: "20.00" });
    expect((await decide(parent.cookie, id, { status: "approved" })).statusCode).toBe(200);
  });

  it("on the Free plan refuses the month's sixth purchase with 403; declines still work", async () => {
    const { parent, child } = await family("free", { monthlyBudget: "500.00" });
    for (let i = 0; i < 5; i++) {
      const id = await insertCart(t.database, child.id, { total: "1.00" });
      expect((await decide(parent.cookie, id, { status: "approved" })).statusCode).toBe(200);
    }
    const sixth = await insertCart(t.database, child.id, { total: "1.00" });
    const res = await decide(parent.cookie, sixth, { status: "approved" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Free/);
    expect(res.json().message).toMatch(/Upgrade/);
    expect((await cartRow(sixth))?.status).toBe("pending");
    expect((await get(parent.cookie, "/api/usage")).json()).toMatchObject({ currentUsage: 5, limit: 5 });
    expect((await decide(parent.cookie, sixth, { status: "declined" })).statusCode).toBe(200);
  });

  it("a paid plan has no purchase limit", async () => {
    const { parent, child } = await family("family", { monthlyBudget: "500.00" });
    for (let i = 0; i < 6; i++) {
      const id = await insertCart(t.database, child.id, { total: "1.00" });
      expect((await decide(parent.cookie, id, { status: "approved" })).statusCode).toBe(200);
    }
  });

  it.each([
    ["no status", {}],
    ["status completed", { status: "completed" }],
    ["status pending", { status: "pending" }],
    ["allowOverBudget as text", { status: "approved", allowOverBudget: "yes" }],
    ["a note that is a number", { status: "declined", note: 5 }],
    ["a 501-character note", { status: "declined", note: "x".repeat(501) }],
  ])("refuses %s with 400 and changes nothing", async (_label, payload) => {
    const { parent, child } = await family();
    const id = await insertCart(t.database, child.id);
    const res = await decide(parent.cookie, id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expect.any(Array));
    expect((await cartRow(id))?.status).toBe("pending");
  });

  it("names the status rule in its message", async () => {
    const { parent, child } = await family();
    const id = await insertCart(t.database, child.id);
    const res = await decide(parent.cookie, id, { status: "completed" });
    expect(res.json().errors).toContainEqual({ field: "status", message: "Status must be approved or declined" });
  });

  it("a month later the child's spending and the purchase count start again from zero", async () => {
    const { parent, child } = await family("free", { monthlyBudget: "10.00", autoApprovalLimit: "5.00" });
    const id = await insertCart(t.database, child.id, { total: "10.00" });
    expect((await decide(parent.cookie, id, { status: "approved" })).statusCode).toBe(200);

    const now = t.clock.now();
    t.clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1)));
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: parent.email, password: parent.password },
      remoteAddress: "10.88.0.1",
    });
    const cookie = cookieFrom(login);
    expect((await get(cookie, `/api/children/${child.id}`)).json().currentSpent).toBe("0.00");
    expect((await get(cookie, "/api/usage")).json().currentUsage).toBe(0);
    const next = await insertCart(t.database, child.id, { total: "10.00" });
    expect((await decide(cookie, next, { status: "approved" })).statusCode).toBe(200);
    expect((await get(cookie, `/api/children/${child.id}`)).json().currentSpent).toBe("10.00");
  });
});

describe("answers carry stored text as it is", () => {
  it("lists a cart whose item text was stored before hidden characters were refused", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    const cartId = await insertCart(t.database, child.id);
    // As a row written under the earlier rules would hold it; the answer must not turn into a 500.
    await t.database.query(`update carts set items = $1::jsonb where id = $2`, [
      JSON.stringify([{ name: "Comic\u200B", price: "5.00", quantity: 1, url: "https://example.com/\u202Ex" }]),
      cartId,
    ]);
    const res = await t.app.inject({ method: "GET", url: "/api/carts/pending", headers: { cookie: parent.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].items[0].name).toBe("Comic\u200B");
  });
});
