import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addChild,
  createTestApp,
  insertCart,
  SLOW_START_MS,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

/* docs/decisions/135: the guardian who declined may take it back for 10 seconds; the cart waits again. */
let t: TestApp;
let parent: Awaited<ReturnType<typeof signUpParent>>;
let stranger: Awaited<ReturnType<typeof signUpParent>>;
let childId: string;

beforeAll(async () => {
  t = await createTestApp();
  parent = await signUpParent(t.app);
  stranger = await signUpParent(t.app);
  childId = (await addChild(t.app, parent.cookie)).id;
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const decline = (cartId: string) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/carts/${cartId}/status`,
    headers: { cookie: parent.cookie },
    payload: { status: "declined", note: "Not this week" },
  });
const undo = (cartId: string, cookie = parent.cookie) =>
  t.app.inject({ method: "POST", url: `/api/carts/${cartId}/undo-decline`, headers: { cookie } });

describe("undoing a decline", () => {
  it("puts the cart back to pending within 10 seconds, as if never decided", async () => {
    const cartId = await insertCart(t.database, childId);
    expect((await decline(cartId)).statusCode).toBe(200);
    t.clock.advance(9_000);
    const res = await undo(cartId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "pending", decisionNote: null, decidedBy: null, decidedAt: null });
    expect((await undo(cartId)).statusCode).toBe(409);
    // It can be decided again as any waiting cart.
    expect((await decline(cartId)).statusCode).toBe(200);
  });

  it("is refused after 10 seconds, for an approval, and for another family (404)", async () => {
    const cartId = await insertCart(t.database, childId);
    await decline(cartId);
    t.clock.advance(10_001);
    expect((await undo(cartId)).statusCode).toBe(409);
    const approvedId = await insertCart(t.database, childId);
    await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${approvedId}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "approved" },
    });
    expect((await undo(approvedId)).statusCode).toBe(409);
    const fresh = await insertCart(t.database, childId);
    await decline(fresh);
    expect((await undo(fresh, stranger.cookie)).statusCode).toBe(404);
    expect((await undo("not-an-id")).statusCode).toBe(404);
  });
});
