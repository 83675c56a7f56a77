import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { StripeConfig } from "../config";

/*
 * A local stand-in for the few Stripe API calls Pocketwise makes, so the official SDK can be tested without a
 * network (the SDK's host/port/protocol options point at it). What it models of real Stripe:
 * - POST /v1/customers, /v1/checkout/sessions and /v1/billing_portal/sessions answer objects with ids and the
 *   hosted pages' `url`, and remember the parameters they were sent (form-encoded, as the SDK sends them);
 * - the hosted Checkout page (GET {url}) has a Subscribe button that, like Stripe after a successful
 *   checkout, creates the subscription (trialing when the session asked for a trial), sends the signed
 *   webhook events customer.subscription.created, checkout.session.completed and invoice.paid to the
 *   endpoint set with `deliverTo`, and returns the browser to the session's success_url;
 * - a one-off payment session (mode=payment) whose Pay button leaves a charge and sends a signed
 *   checkout.session.completed with the session's metadata and payment_intent, as Stripe does;
 * - charges listed by customer, refunds of a charge or of a payment intent (refusing a second full refund as
 *   Stripe does), and
 *   customer balance transactions (credits);
 * - DELETE /v1/subscriptions/{id}, cancelling at once (as the SDK's subscriptions.cancel asks): an id not
 *   cancelled before answers the subscription with status "canceled", a second cancel 404 resource_missing;
 *   it sends no customer.subscription.deleted event;
 * - an unknown path answers 404 with Stripe's error shape.
 * It does not model authentication, pagination beyond one page, proration, taxes or 3-D Secure.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, string>;
  idempotencyKey: string | null;
}

interface Charge {
  id: string;
  object: "charge";
  customer: string;
  payment_intent?: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: "usd";
  created: number;
  description: string | null;
}

export interface StripeStandIn {
  url: string;
  /** Settings for the app under test: a secret key, a webhook secret, two price ids and this stand-in's address. */
  config(): StripeConfig;
  requests: RecordedRequest[];
  /** Where the hosted Checkout page's Subscribe button sends its webhook events (the app's /api/billing/webhook). */
  deliverTo(webhookUrl: string): void;
  /** A charge of the customer's, as a paid invoice leaves one; answers its id. */
  addCharge(customerId: string, charge: { amount: number; created: Date }): string;
  /** A signed webhook request for `event`, as Stripe sends it. */
  signed(event: object, secret?: string, timestamp?: number): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export const STAND_IN_SECRET_KEY = "sk_test_standin";
export const STAND_IN_WEBHOOK_SECRET = "whsec_standin";
export const STAND_IN_PRICES = { family: "price_family_standin", premium: "price_premium_standin" };

let counter = 0;
const newId = (prefix: string) => `${prefix}_${(++counter).toString(36)}${randomBytes(6).toString("hex")}`;

/** Stripe's own builder of signature headers, so the app's check is tested against the real format. */
const signer = new Stripe(STAND_IN_SECRET_KEY);

export function signedWebhook(event: object, secret = STAND_IN_WEBHOOK_SECRET, timestamp?: number) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp && { timestamp }) });
  return { payload, headers: { "content-type": "application/json", "stripe-signature": header } };
}

/** An event as Stripe sends it; `created` in Unix seconds. */
export function stripeEvent(type: string, object: object, created = Math.floor(Date.now() / 1000)) {
  return {
    id: newId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    type,
    livemode: false,
    data: { object },
  };
}

/** A subscription object of the current API version (the period now lives on its items). */
export function subscriptionObject(fields: {
  id?: string;
  customer: string;
  price: string;
  status: string;
  trialEnd?: number | null;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
}) {
  return {
    id: fields.id ?? newId("sub"),
    object: "subscription",
    customer: fields.customer,
    status: fields.status,
    trial_end: fields.trialEnd ?? null,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    metadata: fields.metadata ?? {},
    items: {
      object: "list",
      data: [
        {
          id: newId("si"),
          object: "subscription_item",
          price: { id: fields.price, object: "price" },
          current_period_start: fields.periodEnd - 30 * 86400,
          current_period_end: fields.periodEnd,
        },
      ],
    },
  };
}

export function invoiceObject(fields: {
  customer: string;
  subscription: string;
  status: "paid" | "open";
  amount?: number;
}) {
  return {
    id: newId("in"),
    object: "invoice",
    customer: fields.customer,
    status: fields.status,
    amount_due: fields.amount ?? 999,
    parent: { type: "subscription_details", subscription_details: { subscription: fields.subscription } },
  };
}

function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => resolve(Object.fromEntries(new URLSearchParams(text))));
    req.on("error", reject);
  });
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Record<string, string> & { id: string }>();
  const charges = new Map<string, Charge>();
  const cancelled = new Set<string>();
  let webhookUrl: string | null = null;
  let base = "";

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse, message = "No such resource") =>
    json(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message } });

  async function send(events: object[]) {
    if (!webhookUrl) return;
    for (const event of events) {
      const { payload, headers } = signedWebhook(event);
      await fetch(webhookUrl, { method: "POST", body: payload, headers });
    }
  }

  /** A one-off payment (mode=payment), as the parental-consent card check makes: a charge and one event. */
  async function completePayment(session: Record<string, string> & { id: string }, res: ServerResponse) {
    const now = Math.floor(Date.now() / 1000);
    const paymentIntent = newId("pi");
    const chargeId = newId("ch");
    charges.set(chargeId, {
      id: chargeId,
      object: "charge",
      customer: session.customer ?? "",
      payment_intent: paymentIntent,
      amount: Number(session["line_items[0][price_data][unit_amount]"] ?? 0),
      amount_refunded: 0,
      refunded: false,
      currency: "usd",
      created: now,
      description: session["line_items[0][price_data][product_data][name]"] ?? null,
    });
    const metadata = Object.fromEntries(
      Object.entries(session)
        .filter(([key]) => key.startsWith("metadata["))
        .map(([key, value]) => [key.slice("metadata[".length, -1), value]),
    );
    await send([
      stripeEvent(
        "checkout.session.completed",
        {
          id: session.id,
          object: "checkout.session",
          mode: "payment",
          payment_status: "paid",
          payment_intent: paymentIntent,
          customer: session.customer ?? null,
          client_reference_id: session.client_reference_id ?? null,
          metadata,
        },
        now,
      ),
    ]);
    res.writeHead(303, { location: session.success_url ?? "/" });
    res.end();
  }

  async function completeCheckout(id: string, res: ServerResponse) {
    const session = sessions.get(id);
    if (!session) return notFound(res);
    if (session.mode === "payment") return completePayment(session, res);
    const now = Math.floor(Date.now() / 1000);
    const trialDays = Number(session["subscription_data[trial_period_days]"] ?? 0);
    const subscription = subscriptionObject({
      customer: session.customer ?? "",
      price: session["line_items[0][price]"] ?? "",
      status: trialDays ? "trialing" : "active",
      trialEnd: trialDays ? now + trialDays * 86400 : null,
      periodEnd: now + (trialDays || 30) * 86400,
      metadata: { familyId: session["subscription_data[metadata][familyId]"] ?? "" },
    });
    const events = [
      stripeEvent("customer.subscription.created", subscription, now),
      stripeEvent(
        "checkout.session.completed",
        {
          id,
          object: "checkout.session",
          customer: session.customer,
          subscription: subscription.id,
          client_reference_id: session.client_reference_id,
        },
        now,
      ),
      stripeEvent(
        "invoice.paid",
        invoiceObject({
          customer: session.customer ?? "",
          subscription: subscription.id,
          status: "paid",
          amount: trialDays ? 0 : 999,
        }),
        now,
      ),
    ];
    await send(events);
    res.writeHead(303, { location: session.success_url ?? "/" });
    res.end();
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const path = url.pathname;
    const body = req.method === "POST" ? await readForm(req) : Object.fromEntries(url.searchParams);
    if (path.startsWith("/v1/")) {
      const key = req.headers["idempotency-key"];
      requests.push({ method: req.method ?? "GET", path, body, idempotencyKey: typeof key === "string" ? key : null });
    }
    const now = Math.floor(Date.now() / 1000);
    const route = (method: string, pattern: RegExp) => (req.method === method ? pattern.exec(path) : null);

    if (req.method === "POST" && path === "/v1/customers") {
      return json(res, 200, { id: newId("cus"), object: "customer", email: body.email ?? null, metadata: {} });
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const id = newId("cs_test");
      sessions.set(id, { ...body, id });
      return json(res, 200, {
        id,
        object: "checkout.session",
        url: `${base}/pay/${id}`,
        mode: body.mode,
        customer: body.customer,
        created: now,
      });
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      const id = newId("bps");
      return json(res, 200, {
        id,
        object: "billing_portal.session",
        url: `${base}/portal/${id}?return=${encodeURIComponent(body.return_url ?? "")}`,
        customer: body.customer,
      });
    }
    if (req.method === "GET" && path === "/v1/charges") {
      const data = [...charges.values()]
        .filter((c) => c.customer === body.customer)
        .sort((a, b) => b.created - a.created);
      return json(res, 200, { object: "list", data, has_more: false, url: "/v1/charges" });
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      const charge = body.payment_intent
        ? [...charges.values()].find((c) => c.payment_intent === body.payment_intent)
        : charges.get(body.charge ?? "");
      if (!charge) return notFound(res, "No such charge");
      const amount = body.amount ? Number(body.amount) : charge.amount - charge.amount_refunded;
      if (amount <= 0 || charge.amount_refunded + amount > charge.amount) {
        return json(res, 400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: "Charge has already been refunded.",
          },
        });
      }
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      return json(res, 200, {
        id: newId("re"),
        object: "refund",
        charge: charge.id,
        amount,
        currency: "usd",
        status: "succeeded",
        created: now,
      });
    }
    const credit = route("POST", /^\/v1\/customers\/([^/]+)\/balance_transactions$/);
    if (credit) {
      return json(res, 200, {
        id: newId("cbtxn"),
        object: "customer_balance_transaction",
        customer: credit[1],
        amount: Number(body.amount),
        currency: body.currency,
        description: body.description ?? null,
        created: now,
      });
    }
    const cancel = route("DELETE", /^\/v1\/subscriptions\/([^/]+)$/);
    if (cancel) {
      const id = cancel[1] ?? "";
      if (cancelled.has(id)) return notFound(res, `No such subscription: '${id}'`);
      cancelled.add(id);
      return json(res, 200, { id, object: "subscription", status: "canceled", canceled_at: now, ended_at: now });
    }
    const payPage = route("GET", /^\/pay\/([^/]+)$/);
    if (payPage) {
      const session = sessions.get(payPage[1] ?? "");
      if (!session) return notFound(res);
      const trial = session["subscription_data[trial_period_days]"];
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(`<!doctype html><html lang="en"><head><title>Checkout (Stripe test stand-in)</title></head><body style="font-family:sans-serif;max-width:420px;margin:40px auto">
<h1>${session.mode === "payment" ? "Pocketwise card check" : "Pocketwise subscription"}</h1><p>Test checkout. ${trial ? `${trial}-day free trial, no card needed.` : "Card payment."}</p>
<form method="post" action="/pay/${session.id}"><button type="submit">${session.mode === "payment" ? "Pay" : "Subscribe"}</button></form>
<p><a href="${session.cancel_url ?? "/"}">Back</a></p></body></html>`);
    }
    const pay = route("POST", /^\/pay\/([^/]+)$/);
    if (pay) return completeCheckout(pay[1] ?? "", res);
    const portal = route("GET", /^\/portal\/([^/]+)$/);
    if (portal) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(
        `<!doctype html><html lang="en"><head><title>Billing portal (Stripe test stand-in)</title></head><body><h1>Manage your subscription</h1><a href="${url.searchParams.get("return") ?? "/"}">Return to Pocketwise</a></body></html>`,
      );
    }
    return notFound(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    config: () => ({
      secretKey: STAND_IN_SECRET_KEY,
      webhookSecret: STAND_IN_WEBHOOK_SECRET,
      prices: { ...STAND_IN_PRICES },
      apiUrl: base,
    }),
    requests,
    deliverTo(url) {
      webhookUrl = url;
    },
    addCharge(customerId, { amount, created }) {
      const id = newId("ch");
      charges.set(id, {
        id,
        object: "charge",
        customer: customerId,
        amount,
        amount_refunded: 0,
        refunded: false,
        currency: "usd",
        created: Math.floor(created.getTime() / 1000),
        description: "Pocketwise subscription",
      });
      return id;
    },
    signed: signedWebhook,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
