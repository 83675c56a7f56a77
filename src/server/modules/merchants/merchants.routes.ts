import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import {
  CheckoutCompleteSchema,
  CheckoutSendSchema,
  CheckoutSentSchema,
  CheckoutSessionCreatedSchema,
  CheckoutSessionCreateSchema,
  CheckoutSessionSchema,
  HostedCheckoutSchema,
  MerchantCreateSchema,
  MerchantEventParamsSchema,
  MerchantSchema,
  MerchantUpdateSchema,
  MerchantWithSecretsSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliverySchema,
} from "../../../shared/schemas/merchants";
import { badRequest, isUuid, notFound } from "../../lib/http-errors";
import { linkNext, pageQuery } from "../../lib/paging";
import { requireAdmin } from "../../plugins/access";
import { requireActor } from "../../plugins/auth";
import { listMerchants } from "./merchants.repository";
import {
  completeCheckoutSession,
  createCheckoutSession,
  createMerchant,
  DELIVERY_NOT_FOUND,
  hostedCheckout,
  idempotencyKeyOf,
  listDeliveries,
  MERCHANT_NOT_FOUND,
  type MerchantsContext,
  merchantSession,
  requireMerchant,
  retryDelivery,
  rotateMerchant,
  SESSION_NOT_FOUND,
  sendCheckoutSession,
  setMerchantActive,
  toCheckoutSession,
  toMerchant,
} from "./merchants.service";

const staffErrors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };
/** Registered by hand: today's screen reads them all in one page (docs/decisions/166). */
const MERCHANTS_DEFAULT_LIMIT = 100;
/** Event ids are `evt_` and 32 hex digits; anything else names no event. */
const EVENT_ID = /^evt_[0-9a-f]{32}$/;
const merchantErrors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };

const merchantIdOf = (id: string) => {
  if (!isUuid(id)) throw notFound(MERCHANT_NOT_FOUND);
  return id;
};
const sessionIdOf = (id: string) => {
  if (!isUuid(id)) throw notFound(SESSION_NOT_FOUND);
  return id;
};

/**
 * docs/spec "Asking from the store" (decision 141): staff register merchants; a merchant's own API
 * authenticates by its bearer API key, so those routes are `public` to the access plugin and every
 * handler checks the key first (requireMerchant); the hosted checkout page reads a session publicly and
 * a child (or a guardian for a child) sends it.
 */
export function registerMerchantRoutes(app: FastifyInstance, ctx: MerchantsContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/admin/merchants",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Register a merchant; its API key and webhook secret are shown in this answer only",
        body: MerchantCreateSchema,
        response: { 201: MerchantWithSecretsSchema, ...staffErrors },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      return reply.status(201).send(await createMerchant(ctx, req.body));
    },
  );

  r.get(
    "/api/admin/merchants",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: `List merchants without their secrets, newest first (?limit= default ${MERCHANTS_DEFAULT_LIMIT}, at most 100; Link rel=next)`,
        querystring: pageQuery(MERCHANTS_DEFAULT_LIMIT),
        response: { 200: z.array(MerchantSchema), ...staffErrors },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const rows = await listMerchants(app.database.db, req.query);
      return linkNext(reply, rows, req.query.limit, "/api/admin/merchants").map(toMerchant);
    },
  );

  r.post(
    "/api/admin/merchants/:id/rotate",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Replace a merchant's API key and webhook secret; the old ones stop at once",
        params: IdParamsSchema,
        response: { 200: MerchantWithSecretsSchema, ...staffErrors },
      },
    },
    async (req) => {
      requireAdmin(req);
      return rotateMerchant(ctx, merchantIdOf(req.params.id));
    },
  );

  r.patch(
    "/api/admin/merchants/:id",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Turn a merchant off (its key stops working) or on again",
        params: IdParamsSchema,
        body: MerchantUpdateSchema,
        response: { 200: MerchantSchema, ...staffErrors },
      },
    },
    async (req) => {
      requireAdmin(req);
      return setMerchantActive(ctx, merchantIdOf(req.params.id), req.body.isActive);
    },
  );

  r.get(
    "/api/admin/merchants/:id/deliveries",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "A merchant's webhook deliveries, newest first (?limit= default 20, at most 100; Link rel=next)",
        params: IdParamsSchema,
        querystring: WebhookDeliveriesQuerySchema,
        response: { 200: z.array(WebhookDeliverySchema), ...staffErrors },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const id = merchantIdOf(req.params.id);
      const { limit, before } = req.query;
      const page = await listDeliveries(ctx, id, limit, before);
      if (page.next) {
        const next = new URLSearchParams({ limit: String(limit), before: page.next });
        reply.header("link", `</api/admin/merchants/${id}/deliveries?${next}>; rel="next"`);
      }
      return page.deliveries;
    },
  );

  r.post(
    "/api/admin/merchants/:id/deliveries/:eventId/retry",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Send a webhook event again now, under the same event id (409 once delivered)",
        params: MerchantEventParamsSchema,
        response: { 200: WebhookDeliverySchema, ...staffErrors, 409: ErrorSchema },
      },
    },
    async (req) => {
      requireAdmin(req);
      const id = merchantIdOf(req.params.id);
      if (!EVENT_ID.test(req.params.eventId)) throw notFound(DELIVERY_NOT_FOUND);
      return retryDelivery(ctx, id, req.params.eventId);
    },
  );

  // The merchant's API: `public` to the access plugin, authenticated by the bearer API key in each handler.
  r.post(
    "/api/merchant/v1/checkout-sessions",
    {
      config: { access: "public", anyOrigin: true },
      schema: {
        tags: ["merchants"],
        summary: "Open a checkout session for 24 hours (Authorization: Bearer {apiKey}; optional Idempotency-Key)",
        body: CheckoutSessionCreateSchema,
        response: { 201: CheckoutSessionCreatedSchema, ...merchantErrors },
      },
    },
    async (req, reply) => {
      const merchant = await requireMerchant(ctx, req);
      const created = await createCheckoutSession(ctx, merchant, req.body, idempotencyKeyOf(req));
      return reply.status(201).send(created);
    },
  );

  r.get(
    "/api/merchant/v1/checkout-sessions/:id",
    {
      config: { access: "public", anyOrigin: true },
      schema: {
        tags: ["merchants"],
        summary: "A checkout session of this merchant (another merchant's is 404)",
        params: IdParamsSchema,
        response: { 200: CheckoutSessionSchema, ...merchantErrors },
      },
    },
    async (req) => {
      const merchant = await requireMerchant(ctx, req);
      return toCheckoutSession(await merchantSession(ctx, merchant, sessionIdOf(req.params.id)));
    },
  );

  r.post(
    "/api/merchant/v1/checkout-sessions/:id/complete",
    {
      config: { access: "public", anyOrigin: true },
      schema: {
        tags: ["merchants"],
        summary: "Mark an approved checkout's cart as bought (409 from any other status)",
        params: IdParamsSchema,
        body: CheckoutCompleteSchema.optional(),
        response: { 200: CheckoutSessionSchema, ...merchantErrors },
      },
    },
    async (req) => {
      const merchant = await requireMerchant(ctx, req);
      return completeCheckoutSession(ctx, merchant, sessionIdOf(req.params.id), req.body?.orderNumber);
    },
  );

  r.get(
    "/api/checkout/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["merchants"],
        summary: "What the hosted checkout page shows: the store, items, total, status and expiry",
        params: IdParamsSchema,
        response: { 200: HostedCheckoutSchema, 404: ErrorSchema },
      },
    },
    async (req) => hostedCheckout(ctx, sessionIdOf(req.params.id)),
  );

  r.post(
    "/api/checkout/:id/send",
    {
      config: { access: "child" },
      schema: {
        tags: ["merchants"],
        summary: "Send a checkout as the child's cart (a guardian names the child with childId)",
        params: IdParamsSchema,
        body: CheckoutSendSchema,
        response: {
          200: CheckoutSentSchema,
          ...merchantErrors,
          403: ErrorSchema,
          410: ErrorSchema,
        },
      },
    },
    async (req) => {
      const actor = requireActor(req);
      const childId = actor.kind === "child" ? actor.childId : req.body?.childId;
      if (!childId) throw badRequest("Choose the child this checkout is for", "childId");
      return sendCheckoutSession(ctx, actor, sessionIdOf(req.params.id), childId);
    },
  );
}
