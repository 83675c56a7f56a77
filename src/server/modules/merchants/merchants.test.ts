import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signInAdmin } from "../../test-support/admin";
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
import { MAX_ATTEMPTS, RETRY_FOR_MS, retryDelayMs } from "./webhooks.service";

/*
 * Decision 141: merchants registered by staff, their checkout sessions, a child sending one as a cart
 * under every rule, and the signed webhooks that tell the merchant what happened, with retries.
 */

/** A received webhook as the merchant's endpoint saw it. */
interface Received {
  body: string;
  signature: string;
}

let t: TestApp;
let staff: string;
let parent: { cookie: string; email: string; password: string };
let child: { id: string };
let childCookie: string;
/** Models the merchant's webhook endpoint: a local HTTP server that records deliveries. */
let endpoint: http.Server;
let endpointUrl: string;
let received: Received[] = [];
/** The statuses the endpoint answers next, in order; 200 once they run out. */
let answers: number[] = [];

/**
 * What a merchant's server does with the header (the contract's scheme): recompute the HMAC of
 * "{t}.{body}" with its secret, compare in constant time, and refuse a timestamp older than 5 minutes.
 */
function verify(secret: string, header: string, body: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=") as [string, string]));
  const ts = Number(parts.t);
  if (!Number.isInteger(ts) || Math.abs(nowSeconds - ts) > 300 || !parts.v1) return false;
  const expected = createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex");
  return expected.length === parts.v1.length && expected === parts.v1;
}

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

async function createMerchant(name = "Toy Shop") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/merchants",
    // Signed in afresh: a test may have moved the clock past a staff token's 8 hours.
    headers: { authorization: (await signInAdmin(t.app)).authorization },
    payload: { name, domain: "toys.example.com", webhookUrl: endpointUrl },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; apiKey: string; webhookSecret: string; name: string };
}

const session = (price = "25.00", reference = "order-1") => ({
  items: [{ name: "Kite", price, quantity: 1, url: "https://toys.example.com/kite" }],
  reference,
  successUrl: "https://toys.example.com/ok",
  cancelUrl: "https://toys.example.com/cancel",
});

async function openSession(apiKey: string, body: object = session(), headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/merchant/v1/checkout-sessions",
    headers: { authorization: `Bearer ${apiKey}`, ...headers },
    payload: body,
  });
}

const sendAsChild = (id: string) =>
  t.app.inject({ method: "POST", url: `/api/checkout/${id}/send`, headers: { cookie: childCookie }, payload: {} });

beforeAll(async () => {
  t = await createTestApp();
  endpoint = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ body, signature: String(req.headers["pocketwise-signature"] ?? "") });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`;
  staff = (await signInAdmin(t.app)).authorization;
  const p = await signUpParent(t.app);
  await setTier(t.database, p.user.id, "family");
  parent = p;
  child = await addChild(t.app, p.cookie, { monthlyBudget: "200.00" });
  childCookie = await signInChild(t.app, p.cookie, child.id);
}, SLOW_START_MS);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => endpoint?.close(resolve));
}, SLOW_START_MS);

beforeEach(() => {
  received = [];
  answers = [];
});

describe("staff manage merchants", () => {
  it("registers, lists without secrets, rotates and disables; refuses without a staff token", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/admin/merchants",
      payload: { name: "X", domain: "x.example.com", webhookUrl: endpointUrl },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBeDefined();
    expect((await t.app.inject({ method: "GET", url: "/api/admin/merchants" })).statusCode).toBe(401);

    const m = await createMerchant("Listed Shop");
    expect(m.apiKey).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
    expect(m.webhookSecret).toMatch(/^whsec_/);
    const [row] = await t.database.query<{ api_key_hash: string; webhook_secret_encrypted: string }>(
      "select api_key_hash, webhook_secret_encrypted from merchants where id = $1",
      [m.id],
    );
    expect(row?.api_key_hash).not.toContain(m.apiKey);
    expect(row?.webhook_secret_encrypted).not.toContain(m.webhookSecret.slice(6));

    const list = await t.app.inject({ method: "GET", url: "/api/admin/merchants", headers: { authorization: staff } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(m.apiKey);
    expect(list.body).not.toContain("apiKey");
    expect(list.json().map((x: { id: string }) => x.id)).toContain(m.id);

    expect((await openSession(m.apiKey)).statusCode).toBe(201);
    const rotated = await t.app.inject({
      method: "POST",
      url: `/api/admin/merchants/${m.id}/rotate`,
      headers: { authorization: staff },
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json() as { apiKey: string; webhookSecret: string };
    expect(fresh.apiKey).not.toBe(m.apiKey);
    expect(fresh.webhookSecret).not.toBe(m.webhookSecret);
    expect((await openSession(m.apiKey, session("1.00", "r2"))).statusCode).toBe(401);
    expect((await openSession(fresh.apiKey, session("1.00", "r3"))).statusCode).toBe(201);

    const off = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/merchants/${m.id}`,
      headers: { authorization: staff },
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect((await openSession(fresh.apiKey, session("1.00", "r4"))).statusCode).toBe(401);
  });

  it("refuses webhook URLs outside the address rules", async () => {
    for (const webhookUrl of [
      "http://10.0.0.5/hooks",
      "ftp://toys.example.com/",
      "not a url",
      "https://192.168.1.1/",
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/merchants",
        headers: { authorization: staff },
        payload: { name: "Bad", domain: "bad.example.com", webhookUrl },
      });
      expect(res.statusCode, webhookUrl).toBe(400);
    }
  });
});

describe("the merchant API", () => {
  it("answers 401 without a key or with a wrong one", async () => {
    const none = await t.app.inject({ method: "POST", url: "/api/merchant/v1/checkout-sessions", payload: session() });
    expect(none.statusCode).toBe(401);
    expect((await openSession("pk_live_wrong")).statusCode).toBe(401);
  });

  it("opens a session for 24 hours; the same Idempotency-Key answers the same, another body 409", async () => {
    const m = await createMerchant();
    const first = await openSession(m.apiKey, session(), { "idempotency-key": "abc" });
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body).toMatchObject({ status: "open", url: `http://localhost:5000/checkout/${body.id}` });
    expect(new Date(body.expiresAt).getTime() - t.clock.now().getTime()).toBe(24 * 60 * 60 * 1000);
    const again = await openSession(m.apiKey, session(), { "idempotency-key": "abc" });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(body);
    expect((await openSession(m.apiKey, session("3.00"), { "idempotency-key": "abc" })).statusCode).toBe(409);

    const read = await t.app.inject({
      method: "GET",
      url: `/api/merchant/v1/checkout-sessions/${body.id}`,
      headers: { authorization: `Bearer ${m.apiKey}` },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: body.id,
      status: "open",
      reference: "order-1",
      cartId: null,
      total: "25.00",
    });

    const other = await createMerchant("Other Shop");
    const foreign = await t.app.inject({
      method: "GET",
      url: `/api/merchant/v1/checkout-sessions/${body.id}`,
      headers: { authorization: `Bearer ${other.apiKey}` },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("answers 400 for invalid sessions", async () => {
    const m = await createMerchant();
    for (const bad of [
      { ...session(), items: [] },
      { ...session(), items: [{ name: "Kite", price: "abc", quantity: 1 }] },
      { ...session(), items: [{ name: "Kite", price: "1.00", quantity: 0 }] },
      { ...session(), successUrl: "javascript:alert(1)" },
      { ...session(), reference: "" },
    ]) {
      const res = await openSession(m.apiKey, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe("sending a checkout and the webhooks", () => {
  // Tests move the clock by hours: the parent and the child sign in afresh for each, as they would.
  beforeEach(async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: parent.email, password: parent.password },
      remoteAddress: "10.77.0.1",
    });
    expect(login.statusCode).toBe(200);
    parent.cookie = cookieFrom(login);
    childCookie = await signInChild(t.app, parent.cookie, child.id);
  });

  it("sends as the child's cart under the rules; the parent's approval reaches the merchant, signed", async () => {
    const m = await createMerchant();
    const created = (await openSession(m.apiKey)).json();
    const page = await t.app.inject({ method: "GET", url: `/api/checkout/${created.id}` });
    expect(page.json()).toMatchObject({ merchantName: "Toy Shop", total: "25.00", status: "open" });

    const sent = await sendAsChild(created.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe("pending");
    const cartId = sent.json().cartId as string;
    const carts = await t.app.inject({
      method: "GET",
      url: `/api/children/${child.id}/carts`,
      headers: { cookie: parent.cookie },
    });
    const cart = (carts.json() as { id: string; retailer: string; status: string; items: { url?: string }[] }[]).find(
      (c) => c.id === cartId,
    );
    expect(cart).toMatchObject({ retailer: "Toy Shop", status: "pending" });
    expect(cart?.items[0]?.url).toBe("https://toys.example.com/kite");
    expect((await sendAsChild(created.id)).statusCode).toBe(409);

    const approve = await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${cartId}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "approved" },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    await t.app.merchants.runDue();
    expect(received).toHaveLength(1);
    const [hook] = received;
    if (!hook) throw new Error("no webhook");
    expect(JSON.parse(hook.body)).toMatchObject({
      type: "checkout.approved",
      data: { checkoutSessionId: created.id, reference: "order-1", cartId, status: "approved", total: "25.00" },
    });
    expect(verify(m.webhookSecret, hook.signature, hook.body, nowSeconds())).toBe(true);
    expect(verify("whsec_wrong", hook.signature, hook.body, nowSeconds())).toBe(false);
    expect(verify(m.webhookSecret, hook.signature, hook.body, nowSeconds() + 600)).toBe(false);

    const read = await t.app.inject({
      method: "GET",
      url: `/api/merchant/v1/checkout-sessions/${created.id}`,
      headers: { authorization: `Bearer ${m.apiKey}` },
    });
    expect(read.json()).toMatchObject({ status: "approved", cartId });

    // The merchant completes the order: the cart is completed, and checkout.completed follows.
    const done = await t.app.inject({
      method: "POST",
      url: `/api/merchant/v1/checkout-sessions/${created.id}/complete`,
      headers: { authorization: `Bearer ${m.apiKey}` },
      payload: { orderNumber: "A-100" },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe("completed");
    const again = await t.app.inject({
      method: "POST",
      url: `/api/merchant/v1/checkout-sessions/${created.id}/complete`,
      headers: { authorization: `Bearer ${m.apiKey}` },
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const [row] = await t.database.query<{ status: string; order_number: string }>(
      "select status, order_number from carts where id = $1",
      [cartId],
    );
    expect(row).toEqual({ status: "completed", order_number: "A-100" });
    await t.app.merchants.runDue();
    expect(received.map((r) => JSON.parse(r.body).type)).toEqual(["checkout.approved", "checkout.completed"]);
  });

  it("retries an endpoint that answers 500 with the same event id, after the backoff", async () => {
    const m = await createMerchant();
    const created = (await openSession(m.apiKey, session("2.00", "small"))).json();
    answers = [500, 500];
    const sent = await sendAsChild(created.id);
    // Within the auto-approval limit: approved at once, and checkout.approved written with the link.
    expect(sent.json().status).toBe("approved");
    await t.app.merchants.runDue();
    expect(received).toHaveLength(1);
    await t.app.merchants.runDue();
    expect(received).toHaveLength(1);
    t.clock.advance(retryDelayMs(1));
    await t.app.merchants.runDue();
    expect(received).toHaveLength(2);
    t.clock.advance(retryDelayMs(2));
    await t.app.merchants.runDue();
    expect(received).toHaveLength(3);
    const ids = received.map((r) => JSON.parse(r.body).id);
    expect(new Set(ids).size).toBe(1);
    expect(received.every((r) => r.body === received[0]?.body)).toBe(true);
    const [row] = await t.database.query<{ status: string; attempts: number }>(
      "select status, attempts from webhook_events where id = $1",
      [ids[0]],
    );
    expect(row).toEqual({ status: "delivered", attempts: 3 });
    t.clock.advance(60 * 60 * 1000);
    await t.app.merchants.runDue();
    expect(received).toHaveLength(3);
  });

  it("tells the merchant checkout.declined when the parent declines", async () => {
    const m = await createMerchant();
    const created = (await openSession(m.apiKey, session("30.00", "no"))).json();
    const cartId = (await sendAsChild(created.id)).json().cartId;
    const decline = await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${cartId}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "declined" },
    });
    expect(decline.statusCode, decline.body).toBe(200);
    await t.app.merchants.runDue();
    expect(received.map((r) => JSON.parse(r.body).type)).toEqual(["checkout.declined"]);
  });
  it("lets a guardian send for a named child; a cart no one decides in time tells the merchant checkout.expired", async () => {
    const m = await createMerchant();
    const created = (await openSession(m.apiKey, session("40.00", "slow"))).json();
    const withoutChild = await t.app.inject({
      method: "POST",
      url: `/api/checkout/${created.id}/send`,
      headers: { cookie: parent.cookie },
      payload: {},
    });
    expect(withoutChild.statusCode).toBe(400);
    const sent = await t.app.inject({
      method: "POST",
      url: `/api/checkout/${created.id}/send`,
      headers: { cookie: parent.cookie },
      payload: { childId: child.id },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe("pending");
    const [cart] = await t.database.query<{ expires_at: Date }>("select expires_at from carts where id = $1", [
      sent.json().cartId,
    ]);
    t.clock.set(new Date(new Date(cart?.expires_at ?? 0).getTime() + 1000));
    await t.app.cartTimers.runDue();
    await t.app.merchants.runDue();
    const mine = received.filter((r) => JSON.parse(r.body).data.checkoutSessionId === created.id);
    expect(mine.map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({ type: "checkout.expired", data: expect.objectContaining({ status: "expired" }) }),
    ]);
  });

  it("limits wrong API keys per address", async () => {
    const m = await createMerchant();
    const tries = await Promise.all(
      Array.from({ length: 101 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/merchant/v1/checkout-sessions",
          headers: { authorization: "Bearer pk_live_guess" },
          payload: session(),
          remoteAddress: "10.66.0.1",
        }),
      ),
    );
    expect(tries.filter((r) => r.statusCode === 429)).toHaveLength(1);
    const right = await t.app.inject({
      method: "POST",
      url: "/api/merchant/v1/checkout-sessions",
      headers: { authorization: `Bearer ${m.apiKey}` },
      payload: session("1.00", "other-address"),
      remoteAddress: "10.66.0.2",
    });
    expect(right.statusCode).toBe(201);
  });

  it("expires an open session after 24 hours with checkout.expired; a late send is 410", async () => {
    const m = await createMerchant();
    const created = (await openSession(m.apiKey, session("4.00", "late"))).json();
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    // A day later the child's session has lapsed: the child signs in again, as on the hosted page.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: parent.email, password: parent.password },
      remoteAddress: "10.77.0.1",
    });
    childCookie = await signInChild(t.app, cookieFrom(login), child.id);
    expect((await sendAsChild(created.id)).statusCode).toBe(410);
    await t.app.merchants.runDue();
    // Every session left open by earlier tests expires too; this one's event is the one to look at.
    const mine = received.filter((r) => JSON.parse(r.body).data.checkoutSessionId === created.id);
    expect(mine.map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({
        type: "checkout.expired",
        data: expect.objectContaining({ checkoutSessionId: created.id, status: "expired", cartId: null }),
      }),
    ]);
    expect(verify(m.webhookSecret, mine[0]?.signature ?? "", mine[0]?.body ?? "", nowSeconds())).toBe(true);
    expect((await sendAsChild(created.id)).statusCode).toBe(409);
  });

  it("keeps retrying an endpoint that never answers 2xx for at least 72 hours, then marks the event failed", async () => {
    const m = await createMerchant();
    const created = (await openSession(m.apiKey, session("3.00", "never"))).json();
    answers = Array.from({ length: MAX_ATTEMPTS + 5 }, () => 503);
    expect((await sendAsChild(created.id)).json().status).toBe("approved");
    const start = t.clock.now().getTime();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.app.merchants.runDue();
      if (attempt < MAX_ATTEMPTS) t.clock.advance(retryDelayMs(attempt));
    }
    const mine = received.filter((r) => JSON.parse(r.body).data.checkoutSessionId === created.id);
    expect(mine).toHaveLength(MAX_ATTEMPTS);
    expect(t.clock.now().getTime() - start).toBeGreaterThanOrEqual(RETRY_FOR_MS);
    const [row] = await t.database.query<{ status: string; attempts: number }>(
      "select status, attempts from webhook_events where checkout_session_id = $1",
      [created.id],
    );
    expect(row).toEqual({ status: "failed", attempts: MAX_ATTEMPTS });
  });
});
