import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

/*
 * docs/decisions/162: a family whose plan falls back (a suspension after failed payments, a downgrade) keeps
 * every child, but only as many as the plan allows can shop: those added first.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const cart = { retailer: "Toy Shop", items: [{ name: "Yo-yo", price: "3.00", quantity: 1 }] };
const submit = (cookie: string, childId: string) =>
  t.app.inject({ method: "POST", url: `/api/children/${childId}/carts`, headers: { cookie }, payload: cart });

describe("more active children than the plan allows", () => {
  it("lets the first child shop and tells the others, in a child's words, that purchases are paused", async () => {
    const parent = await signUpParent(t.app);
    await setTier(t.database, parent.user.id, "family");
    const first = await addChild(t.app, parent.cookie, { name: "Maya", age: 13 });
    t.clock.advance(1000);
    const second = await addChild(t.app, parent.cookie, { name: "Leo", age: 13 });
    const leo = await signInChild(t.app, parent.cookie, second.id);
    expect((await submit(leo, second.id)).statusCode).toBe(201);

    // The plan falls back to Free: both children stay, and nothing of theirs is deleted.
    await setTier(t.database, parent.user.id, "free");
    expect((await submit(parent.cookie, first.id)).statusCode).toBe(201);
    const refused = await submit(leo, second.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: "child_limit",
      message:
        "Your family's plan lets only 1 child shop right now, so your purchases are paused. Ask a parent about the family's plan.",
    });
    const list = await t.app.inject({
      method: "GET",
      url: `/api/children/${second.id}/carts`,
      headers: { cookie: leo },
    });
    expect(list.json()).toHaveLength(1);

    // Pausing the first child hands the one place to the next.
    const paused = await t.app.inject({
      method: "PATCH",
      url: `/api/children/${first.id}`,
      headers: { cookie: parent.cookie },
      payload: { isActive: false },
    });
    expect(paused.statusCode).toBe(200);
    expect((await submit(leo, second.id)).statusCode).toBe(201);
  });

  it("refuses a declined cart's suggestion from a paused child too", async () => {
    const parent = await signUpParent(t.app);
    await setTier(t.database, parent.user.id, "family");
    await addChild(t.app, parent.cookie, { name: "Maya", age: 13 });
    t.clock.advance(1000);
    const second = await addChild(t.app, parent.cookie, { name: "Leo", age: 13, autoApprovalLimit: "0.00" });
    const made = await submit(parent.cookie, second.id);
    const declined = await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${made.json().id}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "declined", suggestedItem: { name: "Kite", price: "2.00" } },
    });
    expect(declined.statusCode).toBe(200);
    await setTier(t.database, parent.user.id, "free");
    const accepted = await t.app.inject({
      method: "POST",
      url: `/api/carts/${made.json().id}/accept-suggestion`,
      headers: { cookie: parent.cookie },
    });
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json().code).toBe("child_limit");
  });
});
