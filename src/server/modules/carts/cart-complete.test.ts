import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/* docs/decisions/140: an approved cart is marked as bought by a guardian or the child it belongs to. */
let t: TestApp;
let parent: Awaited<ReturnType<typeof signUpParent>>;
let stranger: Awaited<ReturnType<typeof signUpParent>>;
let childId: string;
let siblingId: string;
let childCookie: string;
let siblingCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  parent = await signUpParent(t.app);
  stranger = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "family");
  childId = (await addChild(t.app, parent.cookie)).id;
  siblingId = (await addChild(t.app, parent.cookie, { name: "Leo" })).id;
  childCookie = await signInChild(t.app, parent.cookie, childId);
  siblingCookie = await signInChild(t.app, parent.cookie, siblingId);
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const complete = (cartId: string, cookie: string, payload: unknown = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/carts/${cartId}/complete`,
    headers: { cookie },
    payload: payload as object,
  });

/** A cart approved by the parent through the API, so it has a decider. */
async function approvedCart(forChild = childId) {
  const id = await insertCart(t.database, forChild);
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/carts/${id}/status`,
    headers: { cookie: parent.cookie },
    payload: { status: "approved" },
  });
  expect(res.statusCode).toBe(200);
  return id;
}

const row = async (id: string) =>
  (
    await t.database.query<{ status: string; order_number: string | null; completed_at: Date | null }>(
      "select status, order_number, completed_at from carts where id = $1",
      [id],
    )
  )[0];

describe("POST /api/carts/:id/complete", () => {
  it("completes an approved cart for a guardian, with the trimmed order number, and announces cart.completed", async () => {
    const id = await approvedCart();
    const res = await complete(id, parent.cookie, { orderNumber: "  A-1234  " });
    expect(res.statusCode).toBe(200);
    const now = t.clock.now().toISOString();
    expect(res.json()).toMatchObject({
      id,
      status: "completed",
      orderNumber: "A-1234",
      completedAt: now,
      decidedBy: { id: parent.user.id },
    });
    expect(res.json().decidedBy.firstName).not.toBeNull();
    expect(await row(id)).toMatchObject({ status: "completed", order_number: "A-1234" });
    const events = await t.database.query<{ type: string; data: { cartId: string; status: string } }>(
      "select type, data from events where data->>'cartId' = $1 order by id",
      [id],
    );
    expect(events.map((e) => e.type)).toEqual(["cart.decided", "cart.completed"]);
    expect(events[1]?.data).toMatchObject({ cartId: id, status: "completed" });
    // The child's list shows it completed, with its order number.
    const list = await t.app.inject({
      method: "GET",
      url: `/api/children/${childId}/carts`,
      headers: { cookie: childCookie },
    });
    expect(list.json().find((c: { id: string }) => c.id === id)).toMatchObject({
      status: "completed",
      orderNumber: "A-1234",
    });
  });

  it("lets the child complete its own cart, without an order number or with an empty one", async () => {
    const id = await approvedCart();
    const res = await complete(id, childCookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "completed", orderNumber: null });
    const bare = await approvedCart();
    const noBody = await t.app.inject({
      method: "POST",
      url: `/api/carts/${bare}/complete`,
      headers: { cookie: childCookie },
    });
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json().status).toBe("completed");
    const other = await approvedCart();
    const blank = await complete(other, childCookie, { orderNumber: "   " });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().orderNumber).toBeNull();
  });

  it("answers 409 not_approved from every other status, changing nothing", async () => {
    for (const status of ["pending", "declined", "completed"]) {
      const id = await insertCart(t.database, childId, { status });
      const res = await complete(id, parent.cookie, { orderNumber: "X" });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().code).toBe("not_approved");
      expect(await row(id)).toMatchObject({ status, order_number: null, completed_at: null });
    }
    // Completing twice: the second is refused and the first order number stays.
    const id = await approvedCart();
    expect((await complete(id, parent.cookie, { orderNumber: "first" })).statusCode).toBe(200);
    const again = await complete(id, childCookie, { orderNumber: "second" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "not_approved", message: "This cart is already marked as bought" });
    expect((await row(id))?.order_number).toBe("first");
  });

  it("refuses a sibling's session (403), another family (404), a visitor (401) and unknown ids (404)", async () => {
    const id = await approvedCart();
    expect((await complete(id, siblingCookie)).statusCode).toBe(403);
    expect((await complete(id, stranger.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: `/api/carts/${id}/complete`, payload: {} })).statusCode).toBe(
      401,
    );
    expect((await complete("not-an-id", parent.cookie)).statusCode).toBe(404);
    expect((await complete("00000000-0000-4000-8000-000000000000", childCookie)).statusCode).toBe(404);
    expect((await row(id))?.status).toBe("approved");
    // The sibling's own cart is its to complete.
    const own = await approvedCart(siblingId);
    expect((await complete(own, siblingCookie)).statusCode).toBe(200);
  });

  it("validates the order number: at most 64 characters, no hidden characters, text only", async () => {
    const id = await approvedCart();
    const cases: [unknown, string][] = [
      [{ orderNumber: "x".repeat(65) }, "Order number must be at most 64 characters"],
      [{ orderNumber: "AB\u202E12" }, "Order number can't contain hidden or control characters"],
      [{ orderNumber: 1234 }, ""],
    ];
    for (const [payload, message] of cases) {
      const res = await complete(id, parent.cookie, payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errors?.[0]?.field).toBe("orderNumber");
      if (message) expect(body.errors[0].message).toBe(message);
    }
    expect((await row(id))?.status).toBe("approved");
    const ok = await complete(id, parent.cookie, { orderNumber: "x".repeat(64) });
    expect(ok.statusCode).toBe(200);
  });
});
