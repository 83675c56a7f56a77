import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addChild,
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

const usage = (cookie: string) => t.app.inject({ method: "GET", url: "/api/usage", headers: { cookie } });
/** spec 000 §7: the screens send a JSON content type and no body. */
const post = (cookie: string, url: string) =>
  t.app.inject({ method: "POST", url, headers: { cookie, "content-type": "application/json" } });

describe("GET /api/usage", () => {
  it("answers a new Free parent's usage record", async () => {
    const parent = await signUpParent(t.app);
    const res = await usage(parent.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tier: "free", currentUsage: 0, limit: 5, hasSeenNudge: false, nudgeCount: 0 });
  });

  it("counts this month's approved purchases on the Free plan", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie, { monthlyBudget: "100.00" });
    for (let i = 0; i < 3; i++) {
      const id = await insertCart(t.database, child.id, { total: "1.00" });
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/carts/${id}/status`,
        headers: { cookie: parent.cookie },
        payload: { status: "approved" },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await usage(parent.cookie)).json()).toMatchObject({ tier: "free", currentUsage: 3, limit: 5 });
  });

  it.each(["family", "premium", "family_plus"])("answers no limit on the %s plan", async (tier) => {
    const parent = await signUpParent(t.app);
    await setTier(t.database, parent.user.id, tier);
    expect((await usage(parent.cookie)).json()).toMatchObject({ tier, limit: null });
  });

  it("answers 401 to a visitor", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/usage" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthorized" });
  });
});

describe("POST /api/usage/dismiss-nudge", () => {
  it("with a JSON content type and no body marks the nudge seen and counts the dismissal", async () => {
    const parent = await signUpParent(t.app);
    const first = await post(parent.cookie, "/api/usage/dismiss-nudge");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ tier: "free", currentUsage: 0, limit: 5, hasSeenNudge: true, nudgeCount: 1 });
    const second = await post(parent.cookie, "/api/usage/dismiss-nudge");
    expect(second.json()).toMatchObject({ hasSeenNudge: true, nudgeCount: 2 });
    expect((await usage(parent.cookie)).json()).toMatchObject({ hasSeenNudge: true, nudgeCount: 2 });
  });

  it("also works with an empty JSON object, or with no content type at all", async () => {
    const parent = await signUpParent(t.app);
    const withBody = await t.app.inject({
      method: "POST",
      url: "/api/usage/dismiss-nudge",
      headers: { cookie: parent.cookie },
      payload: {},
    });
    expect(withBody.statusCode).toBe(200);
    const bare = await t.app.inject({
      method: "POST",
      url: "/api/usage/dismiss-nudge",
      headers: { cookie: parent.cookie },
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().nudgeCount).toBe(2);
  });

  it("answers 401 to a visitor and counts nothing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/usage/dismiss-nudge",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/usage/upgrade-click", () => {
  it("records the click and answers the usage record", async () => {
    const parent = await signUpParent(t.app);
    const res = await post(parent.cookie, "/api/usage/upgrade-click");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tier: "free", currentUsage: 0, limit: 5, hasSeenNudge: false, nudgeCount: 0 });
    await post(parent.cookie, "/api/usage/upgrade-click");
    const [row] = await t.database.query<{ upgrade_click_count: number; last_upgrade_click_at: Date | null }>(
      "select upgrade_click_count, last_upgrade_click_at from users where id = $1",
      [parent.user.id],
    );
    expect(row?.upgrade_click_count).toBe(2);
    expect(new Date(row?.last_upgrade_click_at ?? 0).getTime()).toBe(t.clock.now().getTime());
  });

  it("answers 401 to a visitor", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/usage/upgrade-click",
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthorized" });
  });
});
