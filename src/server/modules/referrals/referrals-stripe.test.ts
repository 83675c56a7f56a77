import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeStandIn, startStripeStandIn } from "../../test-support/stripe-stand-in";
import { createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";

/** docs/decisions/151 with payments configured: a family with a Stripe customer is credited, not given time. */

let t: TestApp;
let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ stripe: stripe.config() });
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
}, SLOW_START_MS);

let counter = 0;
async function joinThrough(code: string) {
  counter += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    headers: { cookie: `pw_ref=${code}` },
    payload: {
      email: `joiner${counter}-${Date.now()}@example.com`,
      password: "correct horse battery",
      firstName: "Jo",
      lastName: "Joiner",
    },
    remoteAddress: `10.152.${Math.floor(counter / 250)}.${counter % 250}`,
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function referrer() {
  const parent = await signUpParent(t.app);
  const view = await t.app.inject({ method: "GET", url: "/api/referrals", headers: { cookie: parent.cookie } });
  return { ...parent, code: view.json().code as string };
}

const credits = (customer: string) =>
  stripe.requests.filter((r) => r.method === "POST" && r.path === `/v1/customers/${customer}/balance_transactions`);
const tierOf = async (userId: string) =>
  (
    await t.database.query<{ subscription_tier: string }>("select subscription_tier from users where id = $1", [userId])
  )[0]?.subscription_tier;

describe("rewards with payments configured", () => {
  it("credits the family's Stripe balance with the plan's price, once per tier", async () => {
    const parent = await referrer();
    const checkout = await t.app.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers: { cookie: parent.cookie },
      payload: { plan: "family" },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const customer = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)?.body.customer ?? "";
    expect(customer).toMatch(/^cus_/);

    await Promise.all([joinThrough(parent.code), joinThrough(parent.code), joinThrough(parent.code)]);
    const sent = credits(customer);
    expect(sent.map((r) => [r.body.amount, r.body.currency, r.idempotencyKey])).toEqual([
      ["-999", "usd", `referral-reward-${parent.user.id}-1`],
      ["-1999", "usd", `referral-reward-${parent.user.id}-3`],
    ]);
    const view = await t.app.inject({ method: "GET", url: "/api/referrals", headers: { cookie: parent.cookie } });
    expect(view.json().rewards.map((r: { tier: number; kind: string }) => [r.tier, r.kind])).toEqual([
      [1, "stripe_credit"],
      [3, "stripe_credit"],
    ]);
    // A credit pays the next invoices: it grants no plan by itself.
    expect(await tierOf(parent.user.id)).toBe("free");
  });

  it("grants plan time to a family that has no Stripe customer yet", async () => {
    const parent = await referrer();
    const before = stripe.requests.length;
    await joinThrough(parent.code);
    expect(stripe.requests.slice(before).filter((r) => r.path.endsWith("/balance_transactions"))).toEqual([]);
    expect(await tierOf(parent.user.id)).toBe("family");
  });
});
