import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { WebhookDelivery } from "../../../shared/schemas/merchants";
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
import { MERCHANT_DISABLED } from "./merchants.service";
import { deliveryStatus, MAX_ATTEMPTS, retryDelayMs } from "./webhooks.service";

/*
 * Decision 144: the staff's delivery log and retry, a disabled merchant's webhooks stopping, and one
 * checkout session sent by several children or tabs at once making one cart. The races go over real
 * HTTP, so on PostgreSQL (PW_TEST_DB=postgres) they run on separate connections and really interleave.
 */

let t: TestApp;
let base: string;
let parent: { cookie: string; user: { id: string }; email: string; password: string };
let childId: string;
let childCookie: string;
let endpoint: http.Server;
let endpointUrl: string;
let received: string[] = [];
/** The statuses the endpoint answers next, in order; 200 once they run out. */
let answers: number[] = [];

const staff = async () => ({ authorization: (await signInAdmin(t.app)).authorization });

async function createMerchant(name: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/merchants",
    headers: await staff(),
    payload: { name, domain: "shop.example.com", webhookUrl: endpointUrl },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; apiKey: string };
}

async function openSession(apiKey: string, price: string, reference: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/merchant/v1/checkout-sessions",
    headers: { authorization: `Bearer ${apiKey}` },
    payload: {
      items: [{ name: "Kite", price, quantity: 1 }],
      reference,
      successUrl: "https://shop.example.com/ok",
      cancelUrl: "https://shop.example.com/cancel",
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

const send = (id: string, cookie = childCookie) =>
  t.app.inject({ method: "POST", url: `/api/checkout/${id}/send`, headers: { cookie }, payload: {} });

async function deliveries(merchantId: string, query = "") {
  return t.app.inject({
    method: "GET",
    url: `/api/admin/merchants/${merchantId}/deliveries${query}`,
    headers: await staff(),
  });
}

async function retry(merchantId: string, eventId: string) {
  return t.app.inject({
    method: "POST",
    url: `/api/admin/merchants/${merchantId}/deliveries/${eventId}/retry`,
    headers: await staff(),
    payload: {},
  });
}

async function setActive(merchantId: string, isActive: boolean) {
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/admin/merchants/${merchantId}`,
    headers: await staff(),
    payload: { isActive },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const decide = (cartId: string, status: "approved" | "declined") =>
  t.app.inject({
    method: "PATCH",
    url: `/api/carts/${cartId}/status`,
    headers: { cookie: parent.cookie },
    payload: { status },
  });

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  endpoint = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push(body);
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`;
  parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "family");
  childId = (await addChild(t.app, parent.cookie, { monthlyBudget: "500.00" })).id;
}, SLOW_START_MS);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => endpoint?.close(resolve));
}, SLOW_START_MS);

/** Fresh sessions for every test: a test that moves the clock by days outlives the last ones. */
beforeEach(async () => {
  received = [];
  answers = [];
  const login = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: parent.email, password: parent.password },
    remoteAddress: "10.78.0.1",
  });
  expect(login.statusCode).toBe(200);
  parent.cookie = cookieFrom(login);
  childCookie = await signInChild(t.app, parent.cookie, childId);
});

describe("how the log names an event's state", () => {
  const row = (over: Partial<Parameters<typeof deliveryStatus>[0]>) =>
    deliveryStatus({ status: "pending", attempts: 0, lastError: null, lastStatusCode: null, ...over });
  it.each([
    ["never tried", row({}), "pending"],
    ["claimed, not yet settled", row({ attempts: 1 }), "pending"],
    ["answered 500, waiting to retry", row({ attempts: 1, lastStatusCode: 500, lastError: "answered 500" }), "failed"],
    ["network error, waiting to retry", row({ attempts: 2, lastError: "connect ECONNREFUSED" }), "failed"],
    ["delivered", row({ status: "delivered", attempts: 3, lastStatusCode: 200 }), "delivered"],
    ["retries ran out", row({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "answered 503" }), "given_up"],
    ["merchant disabled", row({ status: "failed", attempts: 1, lastError: "stopped: merchant disabled" }), "stopped"],
  ])("%s", (_name, status, expected) => {
    expect(status).toBe(expected);
  });
});

describe("the delivery log", () => {
  it("lists a merchant's events newest first with their state; staff only; bounded, with a next link", async () => {
    const m = await createMerchant("Log Shop");
    expect((await deliveries(m.id)).json()).toEqual([]);
    const anonymous = await t.app.inject({ method: "GET", url: `/api/admin/merchants/${m.id}/deliveries` });
    expect(anonymous.statusCode).toBe(401);
    expect((await deliveries("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await deliveries("not-a-uuid")).statusCode).toBe(404);
    for (const bad of ["?limit=0", "?limit=101", "?limit=ten"]) {
      const res = await deliveries(m.id, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors?.[0]?.field).toBe("limit");
    }

    // Three auto-approved sends: three checkout.approved events. The first endpoint answer is a 500.
    const ids: string[] = [];
    for (const reference of ["a", "b", "c"]) {
      const created = await openSession(m.apiKey, "1.00", reference);
      expect((await send(created.id)).json().status).toBe("approved");
      ids.push(created.id);
      t.clock.advance(1000);
    }
    const pending = (await deliveries(m.id)).json() as WebhookDelivery[];
    expect(pending.map((d) => d.checkoutSessionId)).toEqual([...ids].reverse());
    expect(pending.every((d) => d.status === "pending" && d.attempts === 0 && d.lastAttemptAt === null)).toBe(true);
    expect(pending[0]).toMatchObject({ type: "checkout.approved", lastStatusCode: null, lastError: null });
    expect(pending[0]?.id).toMatch(/^evt_[0-9a-f]{32}$/);

    answers = [500];
    const sentAt = t.clock.now();
    await t.app.merchants.runDue();
    const settled = (await deliveries(m.id)).json() as WebhookDelivery[];
    const failed = settled.filter((d) => d.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ attempts: 1, lastStatusCode: 500, lastError: "answered 500" });
    expect(failed[0]?.lastAttemptAt).toBe(sentAt.toISOString());
    expect(failed[0]?.nextAttemptAt).toBe(new Date(sentAt.getTime() + retryDelayMs(1)).toISOString());
    const delivered = settled.filter((d) => d.status === "delivered");
    expect(delivered).toHaveLength(2);
    expect(delivered[0]).toMatchObject({ attempts: 1, lastStatusCode: 200, nextAttemptAt: null });

    const first = await deliveries(m.id, "?limit=2");
    expect((first.json() as WebhookDelivery[]).map((d) => d.id)).toEqual(settled.slice(0, 2).map((d) => d.id));
    const link = String(first.headers.link);
    expect(link).toMatch(
      /^<\/api\/admin\/merchants\/[0-9a-f-]+\/deliveries\?limit=2&before=evt_[0-9a-f]{32}>; rel="next"$/,
    );
    const nextUrl = link.slice(1, link.indexOf(">"));
    const second = await t.app.inject({ method: "GET", url: nextUrl, headers: await staff() });
    expect((second.json() as WebhookDelivery[]).map((d) => d.id)).toEqual([settled[2]?.id]);
    expect(second.headers.link).toBeUndefined();

    // The failed one goes at its next attempt, so nothing of this merchant is left to send.
    t.clock.advance(retryDelayMs(1));
    await t.app.merchants.runDue();
    expect(((await deliveries(m.id)).json() as WebhookDelivery[]).every((d) => d.status === "delivered")).toBe(true);
  });

  it("retries an event now under the same id; another merchant's event is 404, a delivered one 409", async () => {
    const m = await createMerchant("Retry Shop");
    const other = await createMerchant("Other Shop");
    const created = await openSession(m.apiKey, "1.00", "retry");
    await send(created.id);
    // Every attempt fails until the retries run out.
    answers = Array.from({ length: MAX_ATTEMPTS }, () => 503);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.app.merchants.runDue();
      t.clock.advance(retryDelayMs(attempt));
    }
    const [gaveUp] = (await deliveries(m.id)).json() as WebhookDelivery[];
    expect(gaveUp).toMatchObject({ status: "given_up", attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    const eventId = gaveUp?.id ?? "";

    expect((await retry(other.id, eventId)).statusCode).toBe(404);
    expect((await retry(m.id, "evt_00000000000000000000000000000000")).statusCode).toBe(404);
    expect((await retry(m.id, "../x")).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/admin/merchants/${m.id}/deliveries/${eventId}/retry`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);

    received = [];
    const requeued = await retry(m.id, eventId);
    expect(requeued.statusCode, requeued.body).toBe(200);
    expect(requeued.json()).toMatchObject({
      id: eventId,
      status: "failed",
      nextAttemptAt: t.clock.now().toISOString(),
    });
    await t.app.merchants.runDue();
    expect(received.map((body) => JSON.parse(body).id)).toEqual([eventId]);
    const [after] = (await deliveries(m.id)).json() as WebhookDelivery[];
    expect(after).toMatchObject({ id: eventId, status: "delivered", attempts: MAX_ATTEMPTS + 1, lastStatusCode: 200 });
    const again = await retry(m.id, eventId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This event was already delivered");
  });
});

describe("a disabled merchant", () => {
  it("stops its pending webhooks and hears of no later change; its open sessions cannot be sent", async () => {
    const m = await createMerchant("Closing Shop");
    const approvedAtOnce = await openSession(m.apiKey, "1.00", "quick");
    await send(approvedAtOnce.id);
    const waiting = await openSession(m.apiKey, "90.00", "big");
    const cartId = (await send(waiting.id)).json().cartId as string;
    const neverSent = await openSession(m.apiKey, "5.00", "late");

    await setActive(m.id, false);
    const [stopped, ...none] = (await deliveries(m.id)).json() as WebhookDelivery[];
    expect(none).toEqual([]);
    expect(stopped).toMatchObject({ checkoutSessionId: approvedAtOnce.id, status: "stopped", nextAttemptAt: null });

    // The family still decides the cart; the merchant is not told.
    expect((await decide(cartId, "declined")).statusCode).toBe(200);
    await t.app.merchants.runDue();
    expect(received).toEqual([]);
    // Sorted: the budget statement dates its events by the database's clock, which this test's clock is ahead of.
    const log = (await deliveries(m.id)).json() as WebhookDelivery[];
    expect(log.map((d) => `${d.type} ${d.status}`).sort()).toEqual([
      "checkout.approved stopped",
      "checkout.declined stopped",
    ]);

    const refused = await send(neverSent.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MERCHANT_DISABLED);
    const [cart] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from carts where idempotency_key = $1",
      [`checkout:${neverSent.id}`],
    );
    expect(cart?.n).toBe(0);

    const whileOff = await retry(m.id, stopped?.id ?? "");
    expect(whileOff.statusCode).toBe(409);
    expect(whileOff.json().message).toBe("Turn this merchant on again before retrying its deliveries");

    // Turned on again, nothing resumes by itself; staff retry what the merchant should still hear.
    await setActive(m.id, true);
    await t.app.merchants.runDue();
    expect(received).toEqual([]);
    expect((await retry(m.id, stopped?.id ?? "")).json()).toMatchObject({ status: "pending", lastError: null });
    await t.app.merchants.runDue();
    expect(received.map((body) => JSON.parse(body).id)).toEqual([stopped?.id]);
  });
});

describe("one checkout sent from several places at once", () => {
  it("makes one cart: every other send is 409 and leaves nothing behind", async () => {
    const m = await createMerchant("Race Shop");
    const sibling = await addChild(t.app, parent.cookie, { monthlyBudget: "500.00" });
    const siblingCookie = await signInChild(t.app, parent.cookie, sibling.id);
    const otherParent = await signUpParent(t.app);
    await setTier(t.database, otherParent.user.id, "family");
    const stranger = await addChild(t.app, otherParent.cookie, { monthlyBudget: "500.00" });
    const strangerCookie = await signInChild(t.app, otherParent.cookie, stranger.id);

    for (const [price, reference] of [
      ["2.00", "race-approved"],
      ["80.00", "race-pending"],
    ] as const) {
      const created = await openSession(m.apiKey, price, reference);
      // Two tabs of each child, two children of one family, and a child of another family.
      const cookies = [childCookie, childCookie, siblingCookie, siblingCookie, strangerCookie, strangerCookie];
      const results = await Promise.all(
        cookies.map(async (cookie) => {
          const res = await fetch(`${base}/api/checkout/${created.id}/send`, {
            method: "POST",
            headers: { cookie, "content-type": "application/json" },
            body: "{}",
          });
          return { status: res.status, body: (await res.json()) as { cartId?: string } };
        }),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = results.find((r) => r.status === 200)?.body.cartId;
      const carts = await t.database.query<{ id: string }>("select id from carts where idempotency_key = $1", [
        `checkout:${created.id}`,
      ]);
      expect(carts).toEqual([{ id: winner }]);
      const [session] = await t.database.query<{ cart_id: string; status: string }>(
        "select cart_id, status from checkout_sessions where id = $1",
        [created.id],
      );
      expect(session).toEqual({ cart_id: winner, status: price === "2.00" ? "approved" : "pending" });
    }
  });
});
