import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signatureHeader } from "../../src/server/modules/merchants/merchant-keys";
import { signInAdmin } from "../../src/server/test-support/admin";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../src/server/test-support/test-app";
import { type ExampleStore, startExampleStore } from "./server";

/*
 * The example store against a real Pocketwise app over HTTP: the store's server opens sessions with its
 * API key, Pocketwise's signed webhooks reach the store and pass its verifier, and the store completes
 * an approved order with its order number.
 */
let t: TestApp;
let store: ExampleStore;
let secret: string;
let parentCookie: string;
let childCookie: string;
let childId: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const pocketwiseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const port = await freePort();
  const merchant = await t.app.inject({
    method: "POST",
    url: "/api/admin/merchants",
    headers: { authorization: (await signInAdmin(t.app)).authorization },
    payload: {
      name: "Little Market",
      domain: "little-market.example",
      webhookUrl: `http://127.0.0.1:${port}/webhooks/pocketwise`,
    },
  });
  expect(merchant.statusCode).toBe(201);
  const { apiKey, webhookSecret } = merchant.json();
  secret = webhookSecret;
  store = await startExampleStore({ port, pocketwiseUrl, apiKey, webhookSecret });
  expect(store.webhookUrl).toBe(`http://127.0.0.1:${port}/webhooks/pocketwise`);

  const parent = await signUpParent(t.app);
  parentCookie = parent.cookie;
  const child = await addChild(t.app, parent.cookie, { monthlyBudget: "100.00", autoApprovalLimit: "30.00" });
  childId = child.id;
  childCookie = await signInChild(t.app, parent.cookie, child.id);
}, SLOW_START_MS);

afterAll(async () => {
  await store?.close();
  await t?.close();
}, SLOW_START_MS);

/** A shopper's cart at the store holding `handle`, and the hosted checkout the store's server opened for it. */
async function checkoutAtStore(handle: string): Promise<{ cookie: string; sessionUrl: string; sessionId: string }> {
  const added = await fetch(`${store.url}/cart/add.js`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ handle, quantity: 1 }),
  });
  expect(added.status).toBe(200);
  const cookie = String(added.headers.get("set-cookie")).split(";")[0] as string;
  const started = await fetch(`${store.url}/checkout/pocketwise`, { method: "POST", headers: { cookie } });
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  return { cookie, sessionUrl: url, sessionId: url.split("/checkout/")[1] as string };
}

const sendAsChild = (sessionId: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/checkout/${sessionId}/send`,
    headers: { cookie: childCookie },
    payload: {},
  });

const orderOf = (sessionId: string) => store.orders().find((o) => o.sessionId === sessionId);

describe("the example store with Pocketwise", () => {
  it("opens one session per cart, and its approved order is shipped and completed by verified webhooks", async () => {
    const { cookie, sessionUrl, sessionId } = await checkoutAtStore("og-helmet");
    // Pressing the button again for the same cart opens no second session.
    const again = await fetch(`${store.url}/checkout/pocketwise`, { method: "POST", headers: { cookie } });
    expect(((await again.json()) as { url: string }).url).toBe(sessionUrl);
    expect(store.orders()).toHaveLength(1);

    const sent = await sendAsChild(sessionId);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().status).toBe("approved");

    // checkout.approved reaches the store, which verifies it, ships and completes at Pocketwise.
    await t.app.merchants.runDue();
    await vi.waitFor(() => expect(orderOf(sessionId)?.status).toBe("completed"), { timeout: 10_000 });
    const shipped = orderOf(sessionId);
    expect(shipped?.problem).toBeNull();
    expect(shipped?.orderNumber).toMatch(/^LM\d{6}$/);

    // Pocketwise's own record, and the family's cart, carry the store's order number.
    await t.app.merchants.runDue();
    await vi.waitFor(() =>
      expect(orderOf(sessionId)?.events.map((e) => e.type)).toEqual(["checkout.approved", "checkout.completed"]),
    );
    const carts = await t.app.inject({
      method: "GET",
      url: `/api/children/${childId}/carts`,
      headers: { cookie: parentCookie },
    });
    expect(carts.json().find((c: { id: string }) => c.id === sent.json().cartId)).toMatchObject({
      status: "completed",
      orderNumber: shipped?.orderNumber,
    });

    const ordersPage = await (await fetch(`${store.url}/orders`)).text();
    expect(ordersPage).toContain("Shipped");
    expect(ordersPage).toContain(String(shipped?.orderNumber));
  });

  it("hears a parent's decline", async () => {
    const { sessionId } = await checkoutAtStore("jsonld-bike");
    const sent = await sendAsChild(sessionId);
    expect(sent.json().status).toBe("pending");
    const declined = await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${sent.json().cartId}/status`,
      headers: { cookie: parentCookie },
      payload: { status: "declined" },
    });
    expect(declined.statusCode).toBe(200);
    await t.app.merchants.runDue();
    await vi.waitFor(() => expect(orderOf(sessionId)?.status).toBe("declined"));
    expect(orderOf(sessionId)?.orderNumber).toBeNull();
  });

  it("refuses a webhook signed with another secret or too long ago, and applies a repeated event once", async () => {
    const { sessionId } = await checkoutAtStore("microdata-lamp");
    const body = JSON.stringify({
      id: `evt_${sessionId}`,
      type: "checkout.declined",
      created: new Date().toISOString(),
      data: { checkoutSessionId: sessionId, reference: "x", cartId: null, status: "declined", total: "18.50" },
    });
    const now = Math.floor(Date.now() / 1000);
    const post = (signature: string) =>
      fetch(store.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "pocketwise-signature": signature },
        body,
      });

    const forged = await post(signatureHeader("whsec_not-the-secret", now, body));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: "The signature does not match" });
    const replayed = await post(signatureHeader(secret, now - 600, body));
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toEqual({ message: "The signature's timestamp is outside the tolerance" });
    expect(orderOf(sessionId)?.status).toBe("open");

    expect((await post(signatureHeader(secret, now, body))).status).toBe(200);
    expect((await post(signatureHeader(secret, now, body))).status).toBe(200);
    expect(orderOf(sessionId)?.status).toBe("declined");
    expect(orderOf(sessionId)?.events).toHaveLength(1);
  });
});
