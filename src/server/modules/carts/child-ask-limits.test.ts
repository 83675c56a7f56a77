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
import { CHILD_ASK_LIMITS, TOO_MANY_ASKS, TOO_MANY_WAITING } from "./cart-submission.service";

/*
 * docs/decisions/163: a child who sends requests in a loop is slowed down with words a child understands and
 * never floods the parent: at most 25 carts waiting, and 30 asked for an hour per child and per device. The
 * counters live in the database, so every instance shares them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const cart = { retailer: "Toy Shop", items: [{ name: "Sticker", price: "0.10", quantity: 1 }] };
const submit = (cookie: string, childId: string) =>
  t.app.inject({ method: "POST", url: `/api/children/${childId}/carts`, headers: { cookie }, payload: cart });

async function family(settings: Record<string, unknown>) {
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "family");
  const child = await addChild(t.app, parent.cookie, { age: 13, monthlyBudget: "100.00", ...settings });
  return { parent, child, kid: await signInChild(t.app, parent.cookie, child.id) };
}

describe("what one child may ask for", () => {
  it(`stops at ${CHILD_ASK_LIMITS.pendingCarts} carts waiting, and goes on once a parent decides one`, async () => {
    const { parent, child, kid } = await family({ autoApprovalLimit: "0.00" });
    const ids: string[] = [];
    for (let i = 0; i < CHILD_ASK_LIMITS.pendingCarts; i++) {
      const res = await submit(kid, child.id);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const refused = await submit(kid, child.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_WAITING);
    const pending = await t.app.inject({
      method: "GET",
      url: "/api/carts/pending",
      headers: { cookie: parent.cookie },
    });
    expect(pending.json()).toHaveLength(CHILD_ASK_LIMITS.pendingCarts);

    const declined = await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${ids[0]}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "declined" },
    });
    expect(declined.statusCode).toBe(200);
    expect((await submit(kid, child.id)).statusCode).toBe(201);
  });

  it(`allows ${CHILD_ASK_LIMITS.perHour} carts an hour, then slows the child down; the parent is not limited`, async () => {
    const { parent, child, kid } = await family({ autoApprovalLimit: "10.00" });
    for (let i = 0; i < CHILD_ASK_LIMITS.perHour; i++) expect((await submit(kid, child.id)).statusCode).toBe(201);
    const refused = await submit(kid, child.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain(TOO_MANY_ASKS);
    expect((await submit(parent.cookie, child.id)).statusCode).toBe(201);
    const carts = await t.database.query("select 1 from carts where child_id = $1", [child.id]);
    expect(carts).toHaveLength(CHILD_ASK_LIMITS.perHour + 1);

    // An hour later the child may ask again (the parent signs in again: 30 idle minutes have passed).
    t.clock.advance(61 * 60 * 1000);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: parent.email, password: parent.password },
    });
    const parentAgain = String(login.headers["set-cookie"]).split(";")[0] as string;
    const again = await signInChild(t.app, parentAgain, child.id);
    expect((await submit(again, child.id)).statusCode).toBe(201);
  });
});
