import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAdmin } from "../../test-support/admin";
import { type StripeStandIn, startStripeStandIn } from "../../test-support/stripe-stand-in";
import { addChild, createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";

/*
 * docs/product-contract.md "Privacy rights" and docs/decisions/157: a child under 13 signs in nowhere until a
 * parent's consent is verified, by staff or by a card check. The card check runs against the local Stripe
 * stand-in (test-support/stripe-stand-in.ts): its hosted page's Pay button leaves a charge and sends the signed
 * checkout.session.completed Stripe sends after a paid one-off payment.
 */

let t: TestApp;
let stripe: StripeStandIn;
let relay: Server;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ stripe: stripe.config() });
  // Stripe calls a public URL; the test app answers injected requests, so a small relay hands them over.
  relay = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", async () => {
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/billing/webhook",
        payload: body,
        headers: { "content-type": "application/json", "stripe-signature": String(req.headers["stripe-signature"]) },
      });
      res.writeHead(answer.statusCode, { "content-type": "application/json" });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  stripe.deliverTo(`http://127.0.0.1:${(relay.address() as AddressInfo).port}/`);
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await new Promise((resolve) => relay?.close(resolve));
}, SLOW_START_MS);

const CONSENT = {
  fullName: "Pat Parent",
  email: "pat@example.com",
  phone: "555-010-0200",
  relationship: "parent",
  verificationMethod: "government-id",
  signature: "Pat Parent",
  dataCollection: true,
  educational: true,
  thirdParty: false,
  marketing: false,
};

const inject = (method: "GET" | "POST" | "DELETE", url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, ...(cookie && { headers: { cookie } }), ...(payload && { payload }) });
const codeFor = (cookie: string, childId: string) => inject("POST", `/api/children/${childId}/login-code`, cookie);
const kidLogin = (code: string) => t.app.inject({ method: "POST", url: "/api/kid/login", payload: { code } });
const childOf = async (cookie: string, childId: string) =>
  (await inject("GET", `/api/children/${childId}`, cookie)).json();
const notices = (email: string) =>
  t.database.query<{ payload: { mail: { subject: string; text: string } } }>(
    "select payload from outbound_messages where type = 'account.notice' and payload->>'email' = $1 order by created_at",
    [email],
  );

async function staff(method: "GET" | "POST", url: string, payload?: object) {
  const { authorization } = await signInAdmin(t.app);
  return t.app.inject({ method, url, headers: { authorization }, ...(payload && { payload }) });
}

async function youngChild(age = 10) {
  const parent = await signUpParent(t.app);
  const child = await addChild(t.app, parent.cookie, { name: "Maya", age });
  return { parent, child };
}

describe("a child under 13 before consent", () => {
  it("is stored as required, gets no sign-in code (403 leading to the consent step), and a 13-year-old needs none", async () => {
    const { parent, child } = await youngChild();
    expect(child.consentStatus).toBe("required");
    const res = await codeFor(parent.cookie, child.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("consent_required");
    expect(res.json().message).toContain(`/coppa-consent?child=${child.id}`);

    const { parent: other, child: older } = await youngChild(13);
    expect(older.consentStatus).toBe("not_needed");
    expect((await codeFor(other.cookie, older.id)).statusCode).toBe(201);
  });

  it("loses every sign-in when the age is lowered under 13: sessions, codes and devices", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie, { name: "Ava", age: 13 });
    const first = await codeFor(parent.cookie, child.id);
    const login = await kidLogin(first.json().code);
    const childCookie = String(login.headers["set-cookie"]).split(";")[0] as string;
    const spare = (await codeFor(parent.cookie, child.id)).json().code;
    const device = await t.app.inject({
      method: "POST",
      url: "/api/kid/login",
      payload: { code: (await codeFor(parent.cookie, child.id)).json().code, device: "extension" },
    });
    const token = device.json().token as string;

    const lowered = await t.app.inject({
      method: "PATCH",
      url: `/api/children/${child.id}`,
      headers: { cookie: parent.cookie },
      payload: { age: 12 },
    });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().consentStatus).toBe("required");
    expect((await inject("GET", "/api/kid/me", childCookie)).statusCode).toBe(401);
    const bearer = await t.app.inject({
      method: "GET",
      url: "/api/kid/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(401);
    expect((await kidLogin(spare)).statusCode).toBe(401);
  });

  it("cannot use a code made before consent was needed: 403 in a child's words", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie, { name: "Zoe", age: 13 });
    const code = (await codeFor(parent.cookie, child.id)).json().code;
    // The age goes under 13 straight in the database, as a migration of old children does, leaving the code.
    await t.database.query("update children set age = 11, consent_status = 'required' where id = $1", [child.id]);
    const res = await kidLogin(code);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "consent_required",
      message: "A parent needs to give consent before you can sign in.",
    });
  });
});

describe("POST /api/children/:id/consent", () => {
  it("records a reviewed consent as pending, mails the parent, and still lets the child in nowhere", async () => {
    const { parent, child } = await youngChild();
    const res = await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, {
      ...CONSENT,
      email: "pending@example.com",
    });
    expect(res.statusCode).toBe(201);
    const { consent, checkoutUrl } = res.json();
    expect(checkoutUrl).toBeNull();
    expect(consent).toMatchObject({
      childId: child.id,
      method: "government-id",
      status: "pending",
      dataCollection: true,
      thirdParty: false,
      decidedAt: null,
    });
    expect(consent.reference).toMatch(/^PWC-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect((await childOf(parent.cookie, child.id)).consentStatus).toBe("pending");
    expect((await codeFor(parent.cookie, child.id)).statusCode).toBe(403);
    const [mail] = await notices("pending@example.com");
    expect(mail?.payload.mail.subject).toBe("We received your consent for Maya");
    expect(mail?.payload.mail.text).toContain(consent.reference);
  });

  it("refuses bad input with field messages and stores nothing", async () => {
    const { parent, child } = await youngChild();
    const res = await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, {
      ...CONSENT,
      email: "not-an-email",
      signature: "",
      dataCollection: false,
      verificationMethod: "carrier-pigeon",
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["email", "dataCollection", "verificationMethod"]));
    const noSignature = await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, {
      ...CONSENT,
      signature: " ",
    });
    expect(noSignature.statusCode).toBe(400);
    expect(noSignature.json().errors).toEqual([{ field: "signature", message: "Type your full legal name to sign" }]);
    expect((await inject("GET", `/api/children/${child.id}/consents`, parent.cookie)).json()).toEqual([]);
    expect((await childOf(parent.cookie, child.id)).consentStatus).toBe("required");
  });

  it("is the family's own: 404 for another family's child or a bad id, 401 signed out", async () => {
    const { child } = await youngChild();
    const stranger = await signUpParent(t.app);
    expect((await inject("POST", `/api/children/${child.id}/consent`, stranger.cookie, CONSENT)).statusCode).toBe(404);
    expect((await inject("POST", "/api/children/nope/consent", stranger.cookie, CONSENT)).statusCode).toBe(404);
    expect((await inject("POST", `/api/children/${child.id}/consent`, undefined, CONSENT)).statusCode).toBe(401);
    expect((await inject("GET", `/api/children/${child.id}/consents`, stranger.cookie)).statusCode).toBe(404);
    expect((await inject("DELETE", `/api/children/${child.id}/consent`, stranger.cookie)).statusCode).toBe(404);
  });

  it("answers 409 consent_not_needed for a child of 13 or over", async () => {
    const { parent, child } = await youngChild(14);
    const res = await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, CONSENT);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("consent_not_needed");
  });

  it("replaces a consent still waiting when the parent gives it again", async () => {
    const { parent, child } = await youngChild();
    await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, CONSENT);
    t.clock.advance(1000);
    await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, {
      ...CONSENT,
      verificationMethod: "phone-verification",
    });
    const list = (await inject("GET", `/api/children/${child.id}/consents`, parent.cookie)).json();
    expect(list.map((c: { status: string; method: string }) => [c.method, c.status])).toEqual([
      ["phone-verification", "pending"],
      ["government-id", "replaced"],
    ]);
    const queue = (await staff("GET", "/api/admin/consent-reviews?limit=100")).json();
    expect(queue.filter((r: { childId: string }) => r.childId === child.id)).toHaveLength(1);
  });
});

describe("staff review", () => {
  it("accepts: the child may sign in, the parent is mailed, the staff log records it; a second decision is 409", async () => {
    const { parent, child } = await youngChild();
    const given = await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, {
      ...CONSENT,
      email: "accepted@example.com",
    });
    const id = given.json().consent.id;
    const queue = (await staff("GET", "/api/admin/consent-reviews?limit=100")).json();
    expect(queue.find((r: { id: string }) => r.id === id)).toMatchObject({
      childName: "Maya",
      childAge: 10,
      signature: "Pat Parent",
      status: "pending",
    });

    const accepted = await staff("POST", `/api/admin/consent-reviews/${id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "verified", decidedBy: "staff@pocketwise.test" });
    expect((await childOf(parent.cookie, child.id)).consentStatus).toBe("verified");
    const code = await codeFor(parent.cookie, child.id);
    expect(code.statusCode).toBe(201);
    expect((await kidLogin(code.json().code)).statusCode).toBe(200);
    expect((await notices("accepted@example.com")).map((m) => m.payload.mail.subject)).toEqual([
      "We received your consent for Maya",
      "Maya can sign in to Pocketwise",
    ]);
    const audit = await t.database.query("select action from staff_audit_log where family_id = $1", [parent.user.id]);
    expect(audit).toEqual([{ action: "consent.accept" }]);

    const again = await staff("POST", `/api/admin/consent-reviews/${id}/reject`, { reason: "Too late" });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("already_decided");
    const decided = (await staff("GET", "/api/admin/consent-reviews?status=decided&limit=100")).json();
    expect(decided.find((r: { id: string }) => r.id === id)?.status).toBe("verified");
  });

  it("rejects with a reason: the child still cannot sign in and the parent hears why", async () => {
    const { parent, child } = await youngChild();
    const given = await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, {
      ...CONSENT,
      email: "rejected@example.com",
    });
    const id = given.json().consent.id;
    expect((await staff("POST", `/api/admin/consent-reviews/${id}/reject`, { reason: " " })).statusCode).toBe(400);
    const rejected = await staff("POST", `/api/admin/consent-reviews/${id}/reject`, {
      reason: "The ID was unreadable.",
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: "rejected", rejectionReason: "The ID was unreadable." });
    expect((await childOf(parent.cookie, child.id)).consentStatus).toBe("required");
    expect((await codeFor(parent.cookie, child.id)).statusCode).toBe(403);
    const mails = await notices("rejected@example.com");
    expect(mails.at(-1)?.payload.mail.text).toContain("The ID was unreadable.");
  });

  it("decides once when two staff members decide at the same moment", async () => {
    const { parent, child } = await youngChild();
    const id = (await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, CONSENT)).json().consent.id;
    const { authorization } = await signInAdmin(t.app);
    const answers = await Promise.all(
      ["accept", "reject", "accept", "reject"].map((decision) =>
        t.app.inject({
          method: "POST",
          url: `/api/admin/consent-reviews/${id}/${decision}`,
          headers: { authorization },
          ...(decision === "reject" && { payload: { reason: "No match" } }),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const audit = await t.database.query("select 1 from staff_audit_log where family_id = $1", [parent.user.id]);
    expect(audit).toHaveLength(1);
  });

  it("is staff's alone: 401 without a token, 404 for an unknown consent", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/consent-reviews" })).statusCode).toBe(401);
    expect(
      (await staff("POST", "/api/admin/consent-reviews/00000000-0000-4000-8000-000000000000/accept")).statusCode,
    ).toBe(404);
  });

  it("pages the queue by a cursor with a Link header", async () => {
    for (let i = 0; i < 3; i++) {
      const { parent, child } = await youngChild();
      await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, CONSENT);
    }
    const first = await staff("GET", "/api/admin/consent-reviews?limit=2");
    expect(first.json()).toHaveLength(2);
    const link = String(first.headers.link);
    expect(link).toMatch(/rel="next"/);
    const next = await staff("GET", (link.match(/<([^>]+)>/) as RegExpMatchArray)[1] as string);
    const seen = new Set(first.json().map((r: { id: string }) => r.id));
    expect(next.json().length).toBeGreaterThan(0);
    for (const r of next.json()) expect(seen.has(r.id)).toBe(false);
  });
});

describe("the card check", () => {
  it("verifies itself through Stripe Checkout: 50 cents refunded at once, then the child may sign in", async () => {
    const { parent, child } = await youngChild();
    const res = await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, {
      ...CONSENT,
      email: "card@example.com",
      verificationMethod: "credit-card",
      signature: null,
    });
    expect(res.statusCode).toBe(201);
    const { consent, checkoutUrl } = res.json();
    expect(consent.status).toBe("awaiting_payment");
    const session = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)?.body ?? {};
    expect(session).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "50",
      "metadata[consentId]": consent.id,
    });
    expect(session.success_url).toContain(`/coppa-consent?child=${child.id}&checked=${consent.id}`);

    // The parent pays on the hosted page; Stripe sends the event and returns the browser.
    const paid = await fetch(checkoutUrl, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const refunds = stripe.requests.filter((r) => r.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.body.payment_intent).toMatch(/^pi_/);
    const [latest] = (await inject("GET", `/api/children/${child.id}/consents`, parent.cookie)).json();
    expect(latest.status).toBe("verified");
    expect((await childOf(parent.cookie, child.id)).consentStatus).toBe("verified");
    expect((await codeFor(parent.cookie, child.id)).statusCode).toBe(201);
    expect((await notices("card@example.com")).map((m) => m.payload.mail.subject)).toEqual([
      "Maya can sign in to Pocketwise",
    ]);
  });
});

describe("DELETE /api/children/:id/consent", () => {
  it("withdraws: the child is signed out everywhere and can sign in again only after a new consent", async () => {
    const { parent, child } = await youngChild();
    const id = (await inject("POST", `/api/children/${child.id}/consent`, parent.cookie, CONSENT)).json().consent.id;
    await staff("POST", `/api/admin/consent-reviews/${id}/accept`);
    const login = await kidLogin((await codeFor(parent.cookie, child.id)).json().code);
    const childCookie = String(login.headers["set-cookie"]).split(";")[0] as string;
    expect((await inject("GET", "/api/kid/me", childCookie)).statusCode).toBe(200);

    expect((await inject("DELETE", `/api/children/${child.id}/consent`, parent.cookie)).statusCode).toBe(204);
    expect((await inject("GET", "/api/kid/me", childCookie)).statusCode).toBe(401);
    expect((await childOf(parent.cookie, child.id)).consentStatus).toBe("required");
    expect((await codeFor(parent.cookie, child.id)).statusCode).toBe(403);
    const [record] = (await inject("GET", `/api/children/${child.id}/consents`, parent.cookie)).json();
    expect(record).toMatchObject({ status: "withdrawn", withdrawnAt: expect.any(String) });

    const again = await inject("DELETE", `/api/children/${child.id}/consent`, parent.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("no_consent");
  });
});
