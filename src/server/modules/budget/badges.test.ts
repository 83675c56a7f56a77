import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const call = (method: "GET" | "POST" | "PATCH", cookie: string, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const submit = (cookie: string, childId: string, price: string) =>
  call("POST", cookie, `/api/children/${childId}/carts`, {
    retailer: "Shop",
    items: [{ name: "A", price, quantity: 1 }],
  });
const badges = async (cookie: string, childId: string) =>
  (await call("GET", cookie, `/api/children/${childId}/achievements`))
    .json()
    .map((b: { title: string }) => b.title)
    .sort();

async function family(budget = "50.00") {
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "premium");
  const child = await addChild(t.app, parent.cookie, { monthlyBudget: budget, autoApprovalLimit: "10.00" });
  return { parent, child };
}

/** Signs the parent in again after the clock jumps past the session's idle timeout. */
async function signIn(email: string, password: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res);
}

describe("badges", () => {
  it("awards First Cart on the first submission and Smart Spender on the first approved purchase, once each", async () => {
    t.clock.set("2026-08-10T12:00:00Z");
    const { parent, child } = await family();
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const pending = (await submit(kid, child.id, "20.00")).json();
    expect(await badges(kid, child.id)).toEqual(["First Cart"]);
    await call("PATCH", parent.cookie, `/api/carts/${pending.id}/status`, { status: "approved" });
    await submit(kid, child.id, "1.00");
    const list = (await call("GET", kid, `/api/children/${child.id}/achievements`)).json();
    expect(list.map((b: { title: string }) => b.title).sort()).toEqual(["First Cart", "Smart Spender"]);
    expect(list.find((b: { type: string }) => b.type === "smart_spender")).toMatchObject({
      description: "Made your first approved purchase.",
      earnedAt: "2026-08-10T12:00:00.000Z",
    });
  });

  it("awards Smart Spender for an automatic approval too", async () => {
    t.clock.set("2026-08-10T12:00:00Z");
    const { parent, child } = await family();
    await submit(parent.cookie, child.id, "1.00");
    expect(await badges(parent.cookie, child.id)).toEqual(["First Cart", "Smart Spender"]);
  });

  it("awards Chore Champion for the first confirmed chore and Helping Hand for the fifth", async () => {
    t.clock.set("2026-08-10T12:00:00Z");
    const { parent, child } = await family();
    for (let i = 1; i <= 5; i++) {
      const chore = (
        await call("POST", parent.cookie, `/api/children/${child.id}/chores`, { title: `C${i}`, reward: "1.00" })
      ).json();
      await call("POST", parent.cookie, `/api/chores/${chore.id}/confirm`);
      expect(await badges(parent.cookie, child.id)).toEqual(
        i < 5 ? ["Chore Champion"] : ["Chore Champion", "Helping Hand"],
      );
    }
  });

  it("awards Budget Boss when a whole month ends under 75% of its budget, seen on the new month's first read", async () => {
    t.clock.set("2026-08-31T23:50:00Z");
    const { parent, child } = await family("40.00");
    // August is the month the child joined: not a whole month, so September 1st awards nothing.
    t.clock.set("2026-09-01T00:05:00Z");
    expect(await badges(parent.cookie, child.id)).toEqual([]);
    await submit(parent.cookie, child.id, "9.99");
    await submit(parent.cookie, child.id, "9.99");
    // A chore raises September's budget to 41.00: 19.98 + 9.99 = 29.97 is under 75% of it (30.75).
    const chore = (
      await call("POST", parent.cookie, `/api/children/${child.id}/chores`, { title: "C", reward: "1.00" })
    ).json();
    await call("POST", parent.cookie, `/api/chores/${chore.id}/confirm`);
    await submit(parent.cookie, child.id, "9.99");

    t.clock.set("2026-10-01T00:00:00Z");
    const cookie = await signIn(parent.email, parent.password);
    expect(await badges(cookie, child.id)).toEqual(["Budget Boss", "Chore Champion", "First Cart", "Smart Spender"]);
  });

  it("does not award Budget Boss at 75% or more, and judges last month before a new month's first write", async () => {
    t.clock.set("2026-08-15T12:00:00Z");
    const { parent, child } = await family("40.00");
    const thrifty = await addChild(t.app, parent.cookie, {
      name: "Leo",
      monthlyBudget: "40.00",
      autoApprovalLimit: "10.00",
    });
    t.clock.set("2026-09-20T12:00:00Z");
    let cookie = await signIn(parent.email, parent.password);
    for (const price of ["10.00", "10.00", "10.00"]) await submit(cookie, child.id, price);
    await submit(cookie, thrifty.id, "10.00");

    t.clock.set("2026-10-01T00:00:00Z");
    cookie = await signIn(parent.email, parent.password);
    // The first October request is an approval that starts October's spending: September is judged first.
    await submit(cookie, thrifty.id, "10.00");
    expect(await badges(cookie, child.id)).toEqual(["First Cart", "Smart Spender"]);
    expect(await badges(cookie, thrifty.id)).toEqual(["Budget Boss", "First Cart", "Smart Spender"]);
  });
});
