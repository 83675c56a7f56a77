import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, createTestApp, SLOW_START_MS, type TestApp } from "../test-support/test-app";
import { DEMO_CHILDREN, DEMO_EMAIL, DEMO_PASSWORD, seedDemoFamily } from "./seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const TABLES = ["users", "children", "carts", "chores", "achievements", "budget_categories"];

/** Every row of the demo's tables, in a stable order, to compare runs. */
async function dump() {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    out[table] = await t.database.query(`select * from ${table} order by id`);
  }
  return JSON.stringify(out);
}

describe("the demo family seed", () => {
  let cookie: string;

  it("creates the family on the first run and changes nothing on the second", async () => {
    const first = await seedDemoFamily(t.database, t.clock.now());
    expect(first.created).toBe(true);
    expect(first.children.map((c) => c.name)).toEqual(["Maya", "Leo"]);
    const afterFirst = await dump();

    t.clock.advance(60_000);
    const second = await seedDemoFamily(t.database, t.clock.now());
    expect(second.created).toBe(false);
    expect(second.added).toBe(0);
    expect(second.userId).toBe(first.userId);
    expect(second.children).toEqual(first.children);
    expect(await dump()).toBe(afterFirst);
  });

  it("lets the demo parent sign in with the printed password, on the Family Plan", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: DEMO_EMAIL, subscriptionTier: "family" });
    cookie = cookieFrom(res);
  });

  it("shows two children whose spending matches their approved and completed carts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/children", headers: { cookie } });
    const list = res.json();
    expect(list.map((c: { name: string; age: number }) => [c.name, c.age])).toEqual([
      ["Maya", 10],
      ["Leo", 13],
    ]);
    for (const child of list) {
      const carts = (
        await t.app.inject({ method: "GET", url: `/api/children/${child.id}/carts`, headers: { cookie } })
      ).json();
      expect(new Set(carts.map((c: { status: string }) => c.status))).toEqual(
        new Set(["pending", "approved", "declined", "completed"]),
      );
      const spentCents = carts
        .filter((c: { status: string }) => c.status === "approved" || c.status === "completed")
        .reduce((sum: number, c: { total: string }) => sum + Math.round(Number(c.total) * 100), 0);
      expect(Math.round(Number(child.currentSpent) * 100)).toBe(spentCents);
      // Newest first.
      const times = carts.map((c: { createdAt: string }) => c.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    }
  });

  it("has pending carts for the dashboard, badges, and chores some of which are done", async () => {
    const pending = (await t.app.inject({ method: "GET", url: "/api/carts/pending", headers: { cookie } })).json();
    const expected = DEMO_CHILDREN.flatMap((c) => c.carts).filter((c) => c.status === "pending").length;
    expect(pending).toHaveLength(expected);
    expect(pending[0]).toMatchObject({ childName: expect.any(String), childProfileColor: expect.any(String) });

    const children = (await t.app.inject({ method: "GET", url: "/api/children", headers: { cookie } })).json();
    for (const child of children) {
      const badges = await t.app.inject({
        method: "GET",
        url: `/api/children/${child.id}/achievements`,
        headers: { cookie },
      });
      expect(badges.json().length).toBeGreaterThanOrEqual(2);
      const chores = (
        await t.app.inject({ method: "GET", url: `/api/children/${child.id}/chores`, headers: { cookie } })
      ).json();
      expect(chores.some((c: { isCompleted: boolean }) => c.isCompleted)).toBe(true);
      expect(chores.some((c: { isCompleted: boolean }) => !c.isCompleted)).toBe(true);
    }
  });

  it("every demo cart's total is the sum of its items and fits the cart contract", async () => {
    const rows = await t.database.query<{ total: string; items: { price: string; quantity: number }[] }>(
      "select total::text as total, items from carts",
    );
    for (const row of rows) {
      const sum = row.items.reduce((s, i) => s + Math.round(Number(i.price) * 100) * i.quantity, 0);
      expect(Math.round(Number(row.total) * 100)).toBe(sum);
    }
  });

  it("does not undo what the parent did in the app since", async () => {
    const [pending] = (await t.app.inject({ method: "GET", url: "/api/carts/pending", headers: { cookie } })).json();
    const decided = await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${pending.id}/status`,
      headers: { cookie },
      payload: { status: "declined", note: "Not now" },
    });
    expect(decided.statusCode).toBe(200);
    const before = await dump();
    expect((await seedDemoFamily(t.database, t.clock.now())).added).toBe(0);
    expect(await dump()).toBe(before);
  });

  it("adds back only what is missing", async () => {
    await t.database.query("delete from chores where title = 'Tidy your room'");
    const again = await seedDemoFamily(t.database, t.clock.now());
    expect(again).toMatchObject({ created: false, added: 1 });
    expect(await t.database.query("select id from chores where title = 'Tidy your room'")).toHaveLength(1);
  });
});
