import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type Stripe from "stripe";
import { z } from "zod";
import {
  BillingSchema,
  CheckoutRequestSchema,
  PAYMENTS_NOT_CONFIGURED,
  RedirectSchema,
  TRIAL_DAYS,
} from "../../../shared/schemas/billing";
import { ErrorSchema } from "../../../shared/schemas/common";
import { codedError, HttpError } from "../../lib/http-errors";
import { requireOwner, requireParent } from "../../plugins/auth";
import { findUserById } from "../auth/users.repository";
import { readBilling } from "./billing.repository";
import { changeBilling, familyBilling } from "./billing.service";
import { hasOpenSubscription } from "./plan-state";
import { receiveStripeEvent } from "./stripe-events.service";

/* docs/product-contract.md "Plans and payments"; docs/decisions/150. */

const ALREADY_SUBSCRIBED = "Your family already has a subscription. Use Manage billing to change or cancel it.";
const NO_SUBSCRIPTION = "Your family has no subscription to manage yet. Choose a plan to start one.";
const BAD_SIGNATURE = "Webhook signature verification failed";
/** Stripe's events are small; this leaves room without taking the API's 100 KB limit for granted. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema, 502: ErrorSchema };

export default async function billingRoutes(app: FastifyInstance, opts: { linkOrigin: string | null }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const origin = (req: FastifyRequest) => opts.linkOrigin ?? `${req.protocol}://${req.host}`;

  const stripeOrRefuse = (): Stripe => {
    if (!app.stripe) throw codedError(409, "payments_not_configured", PAYMENTS_NOT_CONFIGURED);
    return app.stripe;
  };

  /** Stripe's answer to a call we made, as a 502 the parent can retry, never a 500. */
  async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      app.log.error({ err }, `Stripe refused to ${what}`);
      throw new HttpError(502, "The payment service did not answer. Please try again in a moment.");
    }
  }

  r.get(
    "/api/billing",
    {
      config: { access: "parent" },
      schema: {
        tags: ["billing"],
        summary: "The family's plan and subscription",
        response: { 200: BillingSchema, ...errors },
      },
    },
    async (req) => familyBilling(app, requireParent(req)),
  );

  r.post(
    "/api/billing/checkout",
    {
      config: { access: "parent" },
      schema: {
        tags: ["billing"],
        summary: `A Stripe Checkout session for a plan (subscription; a ${TRIAL_DAYS}-day trial without a card when the family never had one)`,
        body: CheckoutRequestSchema,
        response: { 200: RedirectSchema, ...errors },
      },
    },
    async (req) => {
      const owner = requireOwner(req);
      const stripe = stripeOrRefuse();
      const familyId = owner.familyId;
      const config = app.stripeConfig;
      if (!config) throw codedError(409, "payments_not_configured", PAYMENTS_NOT_CONFIGURED);
      const current = await readBilling(app.database.db, familyId);
      if (hasOpenSubscription(current)) throw codedError(409, "already_subscribed", ALREADY_SUBSCRIBED);
      const customer = await ensureCustomer(app, stripe, familyId, callStripe);
      const trial = !current?.trialUsedAt;
      const base = origin(req);
      const session = await callStripe("open a checkout", () =>
        stripe.checkout.sessions.create({
          mode: "subscription",
          customer,
          client_reference_id: familyId,
          line_items: [{ price: config.prices[req.body.plan], quantity: 1 }],
          subscription_data: {
            metadata: { familyId, plan: req.body.plan },
            ...(trial && {
              trial_period_days: TRIAL_DAYS,
              // A trial taken without a card ends the subscription if no card is added by its end.
              trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
            }),
          },
          payment_method_collection: trial ? "if_required" : "always",
          success_url: `${base}/parent-center?billing=success`,
          cancel_url: `${base}/parent-center?billing=cancelled`,
        }),
      );
      if (!session.url) throw new HttpError(502, "The payment service did not answer. Please try again in a moment.");
      return { url: session.url };
    },
  );

  r.post(
    "/api/billing/portal",
    {
      config: { access: "parent" },
      schema: {
        tags: ["billing"],
        summary: "A Stripe customer portal session to change the card, plan or cancel",
        response: { 200: RedirectSchema, ...errors },
      },
    },
    async (req) => {
      const owner = requireOwner(req);
      const stripe = stripeOrRefuse();
      const current = await readBilling(app.database.db, owner.familyId);
      const customer = current?.stripeCustomerId;
      if (!customer || !current?.stripeSubscriptionId) throw codedError(409, "no_subscription", NO_SUBSCRIPTION);
      const portal = await callStripe("open the billing portal", () =>
        stripe.billingPortal.sessions.create({ customer, return_url: `${origin(req)}/parent-center#billing` }),
      );
      return { url: portal.url };
    },
  );

  // Stripe signs the exact bytes it sent, so this one route reads its body raw (docs/decisions/150).
  await app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    raw.withTypeProvider<ZodTypeProvider>().post(
      "/api/billing/webhook",
      {
        config: { access: "public", anyOrigin: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ["billing"],
          summary: "Stripe's events, verified with Stripe-Signature on the raw body, each applied once",
          response: {
            200: z.object({ received: z.boolean(), outcome: z.string() }),
            400: ErrorSchema,
            409: ErrorSchema,
          },
        },
      },
      async (req) => {
        const stripe = stripeOrRefuse();
        const secret = app.stripeConfig?.webhookSecret ?? "";
        const signature = req.headers["stripe-signature"];
        if (!Buffer.isBuffer(req.body) || typeof signature !== "string") throw new HttpError(400, BAD_SIGNATURE);
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(req.body, signature, secret);
        } catch {
          throw new HttpError(400, BAD_SIGNATURE);
        }
        const outcome = await receiveStripeEvent(app, event, origin(req));
        return { received: true, outcome };
      },
    );
  });
}

/** The family's Stripe customer, made once (an idempotency key keeps two tabs from making two). */
async function ensureCustomer(
  app: FastifyInstance,
  stripe: Stripe,
  familyId: string,
  callStripe: <T>(what: string, call: () => Promise<T>) => Promise<T>,
): Promise<string> {
  const known = (await readBilling(app.database.db, familyId))?.stripeCustomerId;
  if (known) return known;
  const owner = await findUserById(app.database.db, familyId);
  const customer = await callStripe("make a customer", () =>
    stripe.customers.create(
      {
        email: owner?.email,
        name: [owner?.firstName, owner?.lastName].filter(Boolean).join(" ") || undefined,
        metadata: { familyId },
      },
      { idempotencyKey: `pocketwise-customer-${familyId}` },
    ),
  );
  const { row } = await changeBilling(app, familyId, (locked) => ({
    patch: locked.stripeCustomerId ? null : { stripeCustomerId: customer.id },
  }));
  return row.stripeCustomerId ?? customer.id;
}
