import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  invoiceObject,
  STAND_IN_PRICES,
  type StripeStandIn,
  startStripeStandIn,
  stripeEvent,
  subscriptionObject,
} from "../../test-support/stripe-stand-in";
import { addChild, createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";
import { familyBilling, grantPlanTime, setStaffPlan } from "./billing.service";

/*
 * docs/product-contract.md "Plans and payments" against a local stand-in of Stripe's API (see
 * test-support/stripe-stand-in.ts for what it models), with events signed by the SDK's own test helper.
 */

let t: TestApp;
let stripe: StripeStandIn;
let outboxDir: string;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  outboxDir = mkdtempSync(path.join(os.tmpdir(), "pw-billing-test-"));
  t = await createTestApp({
    stripe: stripe.config(),
    mail: { smtpUrl: null, outboxDir, from: "Pocketwise <hello@pocketwise.test>" },
  });
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
}, SLOW_START_MS);
beforeEach(() => {
  t.clock.set("2026-05-10T12:00:00Z");
});

const DAY = 24 * 60 * 60 * 1000;
const unix = () => Math.floor(t.clock.now().getTime() / 1000);

async function family() {
  const parent = await signUpParent(t.app);
  await t.database.query("delete from workflow_executions where user_id = $1", [parent.user.id]);
  await addChild(t.app, parent.cookie, { name: "Maya" });
  return parent;
}

const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const post = (cookie: string, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: { cookie }, ...(payload && { payload }) });
const billing = async (cookie: string) => (await get(cookie, "/api/billing")).json();
/** The same view, for tests whose clock has moved past the parent's 30 idle minutes. */
const billingOf = (parent: { user: { id: string } }) => familyBilling(t.app, parent.user.id);
const childCount = async (familyId: string) =>
  (await t.database.query("select 1 from children where parent_id = $1", [familyId])).length;
const tier = async (familyId: string) =>
  (
    await t.database.query<{ subscription_tier: string }>("select subscription_tier from users where id = $1", [
      familyId,
    ])
  )[0]?.subscription_tier;

async function deliver(event: object, secret?: string, timestamp?: number) {
  const { payload, headers } = stripe.signed(event, secret, timestamp);
  return t.app.inject({ method: "POST", url: "/api/billing/webhook", payload, headers });
}

/** Starts a checkout and answers the customer the app made for the family. */
async function checkout(cookie: string, plan = "family") {
  const res = await post(cookie, "/api/billing/checkout", { plan });
  expect(res.statusCode).toBe(200);
  const session = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
  return { url: res.json().url as string, session: session?.body ?? {}, customer: session?.body.customer ?? "" };
}

async function subscribed(cookie: string, fields: { status?: string; price?: string; trialDays?: number } = {}) {
  const { customer } = await checkout(cookie);
  const now = unix();
  const sub = subscriptionObject({
    customer,
    price: fields.price ?? STAND_IN_PRICES.family,
    status: fields.status ?? "trialing",
    trialEnd: fields.status === "active" ? null : now + (fields.trialDays ?? 14) * 86400,
    periodEnd: now + 14 * 86400,
  });
  expect((await deliver(stripeEvent("customer.subscription.created", sub, now))).json()).toEqual({
    received: true,
    outcome: "applied",
  });
  return { customer, sub };
}

function mailsTo(email: string) {
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readFileSync(path.join(outboxDir, name), "utf8"))
    .filter((eml) => eml.includes(`To: ${email}`))
    .map((eml) => /^Subject: (.*)$/m.exec(eml)?.[1]);
}

describe("POST /api/billing/checkout", () => {
  it("opens a subscription checkout with the 14-day trial without a card, for a customer made once", async () => {
    const parent = await family();
    const first = await checkout(parent.cookie);
    expect(first.url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    expect(first.session).toMatchObject({
      mode: "subscription",
      client_reference_id: parent.user.id,
      "line_items[0][price]": STAND_IN_PRICES.family,
      "subscription_data[trial_period_days]": "14",
      "subscription_data[trial_settings][end_behavior][missing_payment_method]": "cancel",
      payment_method_collection: "if_required",
      success_url: expect.stringMatching(/\/parent-center\?billing=success$/),
    });
    const customers = stripe.requests.filter(
      (r) => r.path === "/v1/customers" && r.body["metadata[familyId]"] === parent.user.id,
    );
    expect(customers).toHaveLength(1);
    expect(customers[0]?.idempotencyKey).toBe(`pocketwise-customer-${parent.user.id}`);
    const again = await checkout(parent.cookie, "premium");
    expect(again.customer).toBe(first.customer);
    expect(again.session["line_items[0][price]"]).toBe(STAND_IN_PRICES.premium);
    expect(
      stripe.requests.filter((r) => r.path === "/v1/customers" && r.body["metadata[familyId]"] === parent.user.id),
    ).toHaveLength(1);
  });

  it("refuses a plan that is not sold online, and a family that already has a subscription", async () => {
    const parent = await family();
    for (const plan of ["family_plus", "free", "gold", undefined]) {
      const res = await post(parent.cookie, "/api/billing/checkout", { plan });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "plan", message: "Choose the Family Plan or Premium" }]);
    }
    await subscribed(parent.cookie);
    const res = await post(parent.cookie, "/api/billing/checkout", { plan: "premium" });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("already_subscribed");
  });

  it("offers no second trial: after a subscription ended, checkout asks for a card", async () => {
    const parent = await family();
    const { sub } = await subscribed(parent.cookie);
    await deliver(stripeEvent("customer.subscription.deleted", { ...sub, status: "canceled" }, unix() + 60));
    expect((await billingOf(parent)).trialAvailable).toBe(false);
    const { session } = await checkout(parent.cookie);
    expect(session["subscription_data[trial_period_days]"]).toBeUndefined();
    expect(session.payment_method_collection).toBe("always");
  });

  it("is the owner's, for a signed-in parent", async () => {
    expect((await post("", "/api/billing/checkout", { plan: "family" })).statusCode).toBe(401);
  });
});

describe("POST /api/billing/webhook", () => {
  it("puts the family on its plan while trialing, with the trial's end, and lifts the limits at once", async () => {
    const parent = await family();
    expect((await addChildRes(parent.cookie)).statusCode).toBe(403);
    const { sub } = await subscribed(parent.cookie);
    const view = await billing(parent.cookie);
    expect(view).toMatchObject({
      configured: true,
      plan: "family",
      status: "trialing",
      subscribedPlan: "family",
      trialEndsAt: new Date((sub.trial_end ?? 0) * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      trialAvailable: false,
      suspended: false,
    });
    expect(await tier(parent.user.id)).toBe("family");
    expect((await addChildRes(parent.cookie)).statusCode).toBe(201);
  });

  it("refuses a tampered body, a wrong secret, an old timestamp and a missing signature with 400, changing nothing", async () => {
    const parent = await family();
    const { customer } = await checkout(parent.cookie);
    const event = stripeEvent(
      "customer.subscription.created",
      subscriptionObject({
        customer,
        price: STAND_IN_PRICES.premium,
        status: "active",
        periodEnd: unix() + 30 * 86400,
      }),
    );
    const { payload, headers } = stripe.signed(event);
    const tampered = await t.app.inject({
      method: "POST",
      url: "/api/billing/webhook",
      payload: payload.replace("active", "trialing"),
      headers,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toEqual({ message: "Webhook signature verification failed" });
    expect((await deliver(event, "whsec_wrong")).statusCode).toBe(400);
    expect((await deliver(event, undefined, Math.floor(Date.now() / 1000) - 600)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/billing/webhook",
      payload,
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await tier(parent.user.id)).toBe("free");
    expect((await deliver(event)).json().outcome).toBe("applied");
    expect(await tier(parent.user.id)).toBe("premium");
  });

  it("applies each event once: a redelivery, even at the same moment, changes nothing", async () => {
    const parent = await family();
    const { customer, sub } = await subscribed(parent.cookie, { status: "active" });
    const failed = stripeEvent(
      "invoice.payment_failed",
      invoiceObject({ customer, subscription: sub.id, status: "open" }),
      unix(),
    );
    const outcomes = await Promise.all([deliver(failed), deliver(failed), deliver(failed)]);
    expect(outcomes.map((r) => r.json().outcome).sort()).toEqual(["applied", "duplicate", "duplicate"]);
    const runs = await t.database.query(
      "select 1 from workflow_executions e join workflows w on w.id = e.workflow_id where e.user_id = $1 and w.key = 'payment-recovery'",
      [parent.user.id],
    );
    expect(runs).toHaveLength(1);
  });

  it("applies events in the order Stripe created them: an older one arriving late is stale", async () => {
    const parent = await family();
    const { customer, sub } = await subscribed(parent.cookie);
    const later = unix() + 60;
    const upgraded = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject({
        id: sub.id,
        customer,
        price: STAND_IN_PRICES.premium,
        status: "active",
        periodEnd: later + 30 * 86400,
      }),
      later,
    );
    const earlier = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject({ id: sub.id, customer, price: STAND_IN_PRICES.family, status: "past_due", periodEnd: later }),
      later - 30,
    );
    expect((await deliver(upgraded)).json().outcome).toBe("applied");
    expect((await deliver(earlier)).json().outcome).toBe("stale");
    expect(await billingOf(parent)).toMatchObject({ plan: "premium", status: "active" });
  });

  it("downgrades, cancels at the period's end keeping the plan until then, and ends with the subscription", async () => {
    const parent = await family();
    const { customer, sub } = await subscribed(parent.cookie, { status: "active", price: STAND_IN_PRICES.premium });
    expect(await tier(parent.user.id)).toBe("premium");
    t.clock.advance(60_000);
    const periodEnd = unix() + 20 * 86400;
    const base = { id: sub.id, customer, status: "active", periodEnd };
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject({ ...base, price: STAND_IN_PRICES.family }),
        unix(),
      ),
    );
    expect(await tier(parent.user.id)).toBe("family");
    t.clock.advance(60_000);
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject({ ...base, price: STAND_IN_PRICES.family, cancelAtPeriodEnd: true }),
        unix(),
      ),
    );
    expect(await billingOf(parent)).toMatchObject({
      plan: "family",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });
    t.clock.advance(20 * DAY);
    await deliver(
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject({ ...base, price: STAND_IN_PRICES.family, status: "canceled" }),
        unix(),
      ),
    );
    expect(await billingOf(parent)).toMatchObject({ plan: "free", status: "canceled" });
    expect(await childCount(parent.user.id)).toBe(1);
  });

  it("records an event about no family we know as ignored", async () => {
    const event = stripeEvent(
      "invoice.paid",
      invoiceObject({ customer: "cus_unknown", subscription: "sub_x", status: "paid" }),
    );
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: "ignored" });
  });
});

describe("a failed payment", () => {
  it("starts payment recovery, suspends to the Free plan's limits after 7 days, and a payment restores the plan", async () => {
    const parent = await family();
    const { customer, sub } = await subscribed(parent.cookie, { status: "active" });
    await addChild(t.app, parent.cookie, { name: "Leo" });
    t.clock.advance(60_000);
    const failedAt = t.clock.now();
    await deliver(
      stripeEvent("invoice.payment_failed", invoiceObject({ customer, subscription: sub.id, status: "open" }), unix()),
    );
    await t.app.automations.runDue();
    expect(mailsTo(parent.email)).toContain("Your Pocketwise payment did not go through");
    expect(await billingOf(parent)).toMatchObject({
      plan: "family",
      paymentFailedAt: failedAt.toISOString(),
      suspendsAt: new Date(failedAt.getTime() + 7 * DAY).toISOString(),
      suspended: false,
    });

    t.clock.advance(7 * DAY - 60_000);
    await t.app.reviewBillingDue();
    expect(await tier(parent.user.id)).toBe("family");
    t.clock.advance(60_000);
    await t.app.reviewBillingDue();
    await t.app.reviewBillingDue();
    expect(await billingOf(parent)).toMatchObject({ plan: "free", suspended: true, subscribedPlan: "family" });
    // Both children are kept; nothing is deleted.
    expect(await childCount(parent.user.id)).toBe(2);

    t.clock.advance(DAY);
    await deliver(
      stripeEvent("invoice.paid", invoiceObject({ customer, subscription: sub.id, status: "paid" }), unix()),
    );
    expect(await billingOf(parent)).toMatchObject({ plan: "family", suspended: false, paymentFailedAt: null });
    const [run] = await t.database.query<{ status: string }>(
      "select e.status from workflow_executions e join workflows w on w.id = e.workflow_id where e.user_id = $1 and w.key = 'payment-recovery'",
      [parent.user.id],
    );
    expect(run?.status).toBe("completed");
  });

  it("ignores a failure older than a payment already recorded", async () => {
    const parent = await family();
    const { customer, sub } = await subscribed(parent.cookie, { status: "active" });
    const now = unix();
    await deliver(
      stripeEvent("invoice.paid", invoiceObject({ customer, subscription: sub.id, status: "paid" }), now + 10),
    );
    expect(
      (
        await deliver(
          stripeEvent(
            "invoice.payment_failed",
            invoiceObject({ customer, subscription: sub.id, status: "open" }),
            now + 5,
          ),
        )
      ).json().outcome,
    ).toBe("stale");
    expect((await billingOf(parent)).paymentFailedAt).toBeNull();
  });
});

describe("POST /api/billing/portal", () => {
  it("answers the customer portal for a family with a subscription, 409 otherwise", async () => {
    const parent = await family();
    const none = await post(parent.cookie, "/api/billing/portal");
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe("no_subscription");
    const { customer } = await subscribed(parent.cookie);
    const res = await post(parent.cookie, "/api/billing/portal");
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/portal/`));
    const call = stripe.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1);
    expect(call?.body).toMatchObject({ customer, return_url: expect.stringMatching(/\/parent-center#billing$/) });
  });
});

describe("plans set by staff and granted by referrals", () => {
  it("staff's plan counts with who and when; a grant runs out at its end", async () => {
    const parent = await family();
    await setStaffPlan(t.app, parent.user.id, "premium", { id: null, email: "staff@pocketwise.test" });
    expect(await tier(parent.user.id)).toBe("premium");
    const audit = await t.database.query<{ admin_email: string; action: string; details: object }>(
      "select admin_email, action, details from staff_audit_log where family_id = $1",
      [parent.user.id],
    );
    expect(audit).toEqual([
      { admin_email: "staff@pocketwise.test", action: "plan.set", details: { from: "free", to: "premium" } },
    ]);
    await setStaffPlan(t.app, parent.user.id, "free", { id: null, email: "staff@pocketwise.test" });
    expect(await tier(parent.user.id)).toBe("free");

    await grantPlanTime(t.app, parent.user.id, "family", 1);
    await grantPlanTime(t.app, parent.user.id, "family", 1);
    expect(await billingOf(parent)).toMatchObject({
      plan: "family",
      grantedPlan: "family",
      grantedUntil: "2026-07-10T12:00:00.000Z",
    });
    t.clock.set("2026-07-10T12:00:01Z");
    await t.app.reviewBillingDue();
    expect(await billingOf(parent)).toMatchObject({ plan: "free", grantedPlan: null });
  });
});

const addChildRes = (cookie: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/children",
    headers: { cookie },
    payload: { name: "Second", age: 9, monthlyBudget: "20.00", autoApprovalLimit: "5.00" },
  });
