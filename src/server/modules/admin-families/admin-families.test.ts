import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAdmin, TEST_ADMIN } from "../../test-support/admin";
import { type StripeStandIn, startStripeStandIn } from "../../test-support/stripe-stand-in";
import { addChild, createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";

/*
 * docs/decisions/155: the staff area's Families section, with payments against the local Stripe stand-in
 * (test-support/stripe-stand-in.ts) and, at the end, on a server without payments.
 */

let t: TestApp;
let stripe: StripeStandIn;
let authorization: string;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ stripe: stripe.config() });
  t.clock.set("2026-05-10T12:00:00Z");
  ({ authorization } = await signInAdmin(t.app));
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
}, SLOW_START_MS);

const DAY = 24 * 60 * 60 * 1000;
const signInRequired = { message: "Please sign in as staff", error: "Please sign in as staff" };
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

const staff = (method: "GET" | "PATCH" | "POST", url: string, payload?: object, auth = authorization) =>
  t.app.inject({ method, url, headers: auth ? { authorization: auth } : {}, ...(payload && { payload }) });

/** A parent with a unique e-mail built from `tag`, the welcome sequence set aside. */
async function parentTagged(tag: string, fields: Record<string, string> = {}) {
  const email = `${tag}-${randomBytes(3).toString("hex")}@example.com`;
  const parent = await signUpParent(t.app, { email, ...fields });
  await t.database.query("delete from workflow_executions where user_id = $1", [parent.user.id]);
  return parent;
}

const tierOf = async (userId: string) =>
  (
    await t.database.query<{ subscription_tier: string }>("select subscription_tier from users where id = $1", [userId])
  )[0]?.subscription_tier;

async function giveCustomer(familyId: string) {
  const customer = `cus_${randomBytes(6).toString("hex")}`;
  await t.database.query(
    `insert into family_billing (family_id, stripe_customer_id) values ($1, $2)
     on conflict (family_id) do update set stripe_customer_id = excluded.stripe_customer_id`,
    [familyId, customer],
  );
  return customer;
}

const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * DAY);

describe("the staff guard on the Families section", () => {
  const routes = [
    ["GET", "/api/admin/families"],
    ["GET", `/api/admin/families/${UNKNOWN_ID}`],
    ["PATCH", `/api/admin/families/${UNKNOWN_ID}/plan`],
    ["POST", `/api/admin/families/${UNKNOWN_ID}/refunds`],
    ["GET", "/api/admin/audit"],
  ] as const;

  it.each(routes)("%s %s answers 401 without a staff token, and to a parent's session", async (method, url) => {
    const parent = await parentTagged("guard");
    const payload = method === "GET" ? undefined : { plan: "family", chargeId: "ch_x" };
    const bare = await staff(method, url, payload, "");
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual(signInRequired);
    const asParent = await t.app.inject({
      method,
      url,
      headers: { cookie: parent.cookie },
      ...(payload && { payload }),
    });
    expect(asParent.statusCode).toBe(401);
    expect(asParent.json()).toEqual(signInRequired);
  });

  it("refuses a staff write from a foreign Origin with 403", async () => {
    const parent = await parentTagged("origin");
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/families/${parent.user.id}/plan`,
      headers: { authorization, host: "pocketwise.test", origin: "https://evil.example" },
      payload: { plan: "premium" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("Cross-origin request refused");
    expect(await tierOf(parent.user.id)).toBe("free");
  });
});

describe("GET /api/admin/families", () => {
  it("finds a family by its owner's or a guardian's e-mail, in any letter case, with its figures", async () => {
    const owner = await parentTagged("quinta-owner", { firstName: "Quinta", lastName: "Owner" });
    await addChild(t.app, owner.cookie, { name: "Maya" });
    const guardian = await parentTagged("quinta-guardian");
    await t.database.query("update family_guardians set family_id = $1, role = 'guardian' where user_id = $2", [
      owner.user.id,
      guardian.user.id,
    ]);
    const referred = await parentTagged("quinta-referred");
    await t.database.query("insert into referrals (referred_user_id, referrer_id) values ($1, $2)", [
      referred.user.id,
      owner.user.id,
    ]);

    const byOwner = await staff("GET", `/api/admin/families?email=${encodeURIComponent(owner.email.toUpperCase())}`);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toEqual([
      {
        id: owner.user.id,
        ownerEmail: owner.email,
        ownerName: "Quinta Owner",
        plan: "free",
        status: null,
        trialEndsAt: null,
        childrenCount: 1,
        referralsCount: 1,
        createdAt: expect.any(String),
      },
    ]);
    expect(byOwner.headers.link).toBeUndefined();

    const byGuardian = await staff("GET", `/api/admin/families?email=${guardian.email.slice(0, 20)}`);
    // The guardian's own family, which they left, is still theirs to be found by; the newer one first.
    expect(byGuardian.json().map((f: { id: string }) => f.id)).toEqual([guardian.user.id, owner.user.id]);
  });

  it("reads % and _ in a search as letters, not wildcards", async () => {
    await parentTagged("wild");
    expect((await staff("GET", "/api/admin/families?email=%25")).json()).toEqual([]);
    expect((await staff("GET", "/api/admin/families?email=w_ld")).json()).toEqual([]);
  });

  it("pages newest first with a Link to the next page, and refuses a bad limit or cursor", async () => {
    const tag = `pager${randomBytes(2).toString("hex")}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await parentTagged(tag));
    const newestFirst = made.map((p) => p.user.id).reverse();

    const first = await staff("GET", `/api/admin/families?email=${tag}&limit=2`);
    expect(first.json().map((f: { id: string }) => f.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.headers.link).toBe(`</api/admin/families?email=${tag}&limit=2&cursor=${newestFirst[1]}>; rel="next"`);
    const nextUrl = /^<([^>]+)>/.exec(String(first.headers.link))?.[1] ?? "";
    const second = await staff("GET", nextUrl);
    expect(second.json().map((f: { id: string }) => f.id)).toEqual(newestFirst.slice(2));
    expect(second.headers.link).toBeUndefined();

    for (const query of ["limit=0", "limit=101", "limit=abc", "cursor=not-an-id"]) {
      const res = await staff("GET", `/api/admin/families?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe(res.json().message);
    }
    const unbounded = await staff("GET", "/api/admin/families");
    expect(unbounded.json().length).toBeLessThanOrEqual(25);
  });
});

describe("GET /api/admin/families/:id", () => {
  it("answers the family's adults, children, billing, referrals and staff changes; no charges without a customer", async () => {
    const owner = await parentTagged("detail", { firstName: "Dana", lastName: "Detail" });
    await addChild(t.app, owner.cookie);
    const res = await staff("GET", `/api/admin/families/${owner.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: owner.user.id,
      ownerEmail: owner.email,
      ownerName: "Dana Detail",
      guardians: [{ id: owner.user.id, email: owner.email, name: "Dana Detail", role: "owner" }],
      childrenCount: 1,
      billing: { configured: true, plan: "free", status: null, trialEndsAt: null, suspended: false },
      staffPlan: null,
      referrals: { count: 0, referred: [] },
      audit: [],
      charges: null,
      paymentsConfigured: true,
    });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of [UNKNOWN_ID, "nope", "1 or 1=1"]) {
      const res = await staff("GET", `/api/admin/families/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: "Family not found", error: "Family not found" });
    }
  });
});

describe("PATCH /api/admin/families/:id/plan", () => {
  it("sets the plan in force, so the limits follow at once, and records who and when", async () => {
    const parent = await parentTagged("planned");
    await addChild(t.app, parent.cookie, { name: "First" });
    const second = () =>
      t.app.inject({
        method: "POST",
        url: "/api/children",
        headers: { cookie: parent.cookie },
        payload: { name: "Second", age: 9, monthlyBudget: "20.00", autoApprovalLimit: "5.00" },
      });
    expect((await second()).statusCode).toBe(403);

    t.clock.advance(1000);
    const res = await staff("PATCH", `/api/admin/families/${parent.user.id}/plan`, { plan: "family" });
    expect(res.statusCode).toBe(200);
    const family = res.json();
    expect(family.billing.plan).toBe("family");
    expect(family.staffPlan).toBe("family");
    expect(family.audit).toEqual([
      {
        id: expect.any(String),
        adminId: expect.any(String),
        adminEmail: TEST_ADMIN.email,
        action: "plan.set",
        familyId: parent.user.id,
        details: { from: "free", to: "family" },
        createdAt: t.clock.now().toISOString(),
      },
    ]);
    expect(await tierOf(parent.user.id)).toBe("family");
    expect((await second()).statusCode).toBe(201);

    t.clock.advance(1000);
    const back = await staff("PATCH", `/api/admin/families/${parent.user.id}/plan`, { plan: "free" });
    expect(back.json().billing.plan).toBe("free");
    expect(back.json().audit.map((a: { details: object }) => a.details)).toEqual([
      { from: "family", to: "free" },
      { from: "free", to: "family" },
    ]);
    expect(await tierOf(parent.user.id)).toBe("free");
  });

  it("refuses an unknown plan with 400 and a field message, and an unknown family with 404", async () => {
    const parent = await parentTagged("badplan");
    for (const payload of [{ plan: "gold" }, {}, { plan: 3 }]) {
      const res = await staff("PATCH", `/api/admin/families/${parent.user.id}/plan`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "plan", message: expect.stringContaining("Plan must be one of") }]);
    }
    const unknown = await staff("PATCH", `/api/admin/families/${UNKNOWN_ID}/plan`, { plan: "family" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("Family not found");
    expect(await tierOf(parent.user.id)).toBe("free");
  });
});

describe("GET /api/admin/audit", () => {
  it("lists every staff change newest first, paged with a Link", async () => {
    const a = await parentTagged("audit-a");
    const b = await parentTagged("audit-b");
    t.clock.advance(1000);
    await staff("PATCH", `/api/admin/families/${a.user.id}/plan`, { plan: "premium" });
    t.clock.advance(1000);
    await staff("PATCH", `/api/admin/families/${b.user.id}/plan`, { plan: "family_plus" });

    const first = await staff("GET", "/api/admin/audit?limit=1");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      expect.objectContaining({ familyId: b.user.id, adminEmail: TEST_ADMIN.email, action: "plan.set" }),
    ]);
    const nextUrl = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link))?.[1] ?? "";
    expect(nextUrl).toBe(`/api/admin/audit?limit=1&cursor=${first.json()[0].id}`);
    const second = await staff("GET", nextUrl);
    expect(second.json()).toEqual([
      expect.objectContaining({ familyId: a.user.id, details: { from: "free", to: "premium" } }),
    ]);
    expect((await staff("GET", "/api/admin/audit?limit=500")).statusCode).toBe(400);
  });
});

describe("refunds through Stripe", () => {
  async function customerFamily() {
    const parent = await parentTagged("refund");
    return { parent, customer: await giveCustomer(parent.user.id) };
  }
  const refund = (familyId: string, payload: object) =>
    staff("POST", `/api/admin/families/${familyId}/refunds`, payload);

  it("lists the charges of the last 90 days, each saying whether it can be refunded", async () => {
    const { parent, customer } = await customerFamily();
    const recent = stripe.addCharge(customer, { amount: 999, created: daysAgo(5) });
    const old = stripe.addCharge(customer, { amount: 1999, created: daysAgo(40) });
    stripe.addCharge(customer, { amount: 999, created: daysAgo(120) });
    const res = await staff("GET", `/api/admin/families/${parent.user.id}`);
    expect(res.json().charges).toEqual([
      expect.objectContaining({
        id: recent,
        amount: "9.99",
        amountRefunded: "0.00",
        refundable: true,
        notRefundableReason: null,
      }),
      expect.objectContaining({
        id: old,
        amount: "19.99",
        refundable: false,
        notRefundableReason: "This charge is older than 30 days, so it can no longer be refunded.",
      }),
    ]);
  });

  it("refunds a charge within 30 days once, recording who, when and how much", async () => {
    const { parent, customer } = await customerFamily();
    const charge = stripe.addCharge(customer, { amount: 999, created: daysAgo(29) });
    t.clock.advance(1000);
    const res = await refund(parent.user.id, { chargeId: charge });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.stringMatching(/^re_/),
      chargeId: charge,
      amount: "9.99",
      currency: "usd",
      status: "succeeded",
      created: expect.any(String),
      refundedBy: TEST_ADMIN.email,
    });
    const sent = stripe.requests.filter((r) => r.path === "/v1/refunds").at(-1);
    expect(sent?.body).toEqual({ charge, amount: "999" });
    expect(sent?.idempotencyKey).toBe(`staff-refund:${charge}:0:999`);

    const family = (await staff("GET", `/api/admin/families/${parent.user.id}`)).json();
    expect(family.audit[0]).toEqual({
      id: expect.any(String),
      adminId: expect.any(String),
      adminEmail: TEST_ADMIN.email,
      action: "refund.create",
      familyId: parent.user.id,
      details: expect.objectContaining({ chargeId: charge, refundId: res.json().id, amount: "9.99", currency: "usd" }),
      createdAt: t.clock.now().toISOString(),
    });
    expect(family.charges[0]).toMatchObject({ id: charge, refunded: true, refundable: false });

    const again = await refund(parent.user.id, { chargeId: charge });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("This charge has already been refunded in full.");
  });

  it("refunds part of a charge, and refuses more than is left with 400", async () => {
    const { parent, customer } = await customerFamily();
    const charge = stripe.addCharge(customer, { amount: 1999, created: daysAgo(2) });
    const part = await refund(parent.user.id, { chargeId: charge, amount: "5.00" });
    expect(part.statusCode).toBe(201);
    expect(part.json().amount).toBe("5.00");
    const tooMuch = await refund(parent.user.id, { chargeId: charge, amount: "15.00" });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual([
      { field: "amount", message: "Amount must be at most 14.99, what is left of this charge" },
    ]);
    for (const amount of ["0", "-1.00", "1.234", "abc"]) {
      expect((await refund(parent.user.id, { chargeId: charge, amount })).statusCode, amount).toBe(400);
    }
    const rest = await refund(parent.user.id, { chargeId: charge });
    expect(rest.json().amount).toBe("14.99");
  });

  it("refuses a charge older than 30 days with 409, sending nothing to Stripe", async () => {
    const { parent, customer } = await customerFamily();
    const charge = stripe.addCharge(customer, { amount: 999, created: daysAgo(31) });
    const before = stripe.requests.filter((r) => r.path === "/v1/refunds").length;
    const res = await refund(parent.user.id, { chargeId: charge });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: "This charge is older than 30 days, so it can no longer be refunded.",
      error: "This charge is older than 30 days, so it can no longer be refunded.",
    });
    expect(stripe.requests.filter((r) => r.path === "/v1/refunds")).toHaveLength(before);
  });

  it("answers 404 for another customer's charge, an unknown one, or a family without a customer", async () => {
    const { parent } = await customerFamily();
    const other = await customerFamily();
    const theirs = stripe.addCharge(other.customer, { amount: 999, created: daysAgo(1) });
    const noCustomer = await parentTagged("nocustomer");
    for (const [familyId, chargeId] of [
      [parent.user.id, theirs],
      [parent.user.id, "ch_unknown"],
      [noCustomer.user.id, theirs],
    ] as const) {
      const res = await refund(familyId, { chargeId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("Charge not found");
    }
    expect((await refund(UNKNOWN_ID, { chargeId: theirs })).json().error).toBe("Family not found");
    expect((await refund(parent.user.id, {})).statusCode).toBe(400);
  });
});

describe("without payments configured", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  }, SLOW_START_MS);
  afterAll(async () => {
    await off?.close();
  }, SLOW_START_MS);

  it("refuses refunds with 409 and a clear message, and still sets plans by hand", async () => {
    const { authorization: auth } = await signInAdmin(off.app);
    const parent = await signUpParent(off.app);
    const asStaff = (method: "GET" | "PATCH" | "POST", url: string, payload?: object) =>
      off.app.inject({ method, url, headers: { authorization: auth }, ...(payload && { payload }) });

    const res = await asStaff("POST", `/api/admin/families/${parent.user.id}/refunds`, { chargeId: "ch_1" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: "Payments are not configured on this server, so there are no charges to refund.",
      error: "Payments are not configured on this server, so there are no charges to refund.",
      code: "payments_not_configured",
    });
    const family = await asStaff("GET", `/api/admin/families/${parent.user.id}`);
    expect(family.json()).toMatchObject({ paymentsConfigured: false, charges: null, billing: { configured: false } });
    const set = await asStaff("PATCH", `/api/admin/families/${parent.user.id}/plan`, { plan: "premium" });
    expect(set.json().billing.plan).toBe("premium");
  });
});
