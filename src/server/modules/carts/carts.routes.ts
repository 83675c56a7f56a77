import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CartCompleteSchema,
  CartSchema,
  CartStatusUpdateSchema,
  CartSubmitSchema,
  PendingCartSchema,
} from "../../../shared/schemas/carts";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import { badRequest } from "../../lib/http-errors";
import { linkNext, pageQuery } from "../../lib/paging";
import { requireActor, requireGuardian, requireParent } from "../../plugins/auth";
import { findVisibleChild } from "../children/children.service";
import { completeCart } from "./cart-completion.service";
import { cartDecider, undoDecline } from "./cart-decisions.service";
import { acceptSuggestion, assertChildMayAsk, cartSubmitter } from "./cart-submission.service";
import { listChildCarts, listPendingCarts, toCart } from "./carts.repository";

const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  429: ErrorSchema,
};

const MAX_IDEMPOTENCY_KEY = 200;

/** docs/decisions/164: large enough that a family's screens read everything of today in one page. */
const CARTS_DEFAULT_LIMIT = 50;
const CartPageQuerySchema = pageQuery(CARTS_DEFAULT_LIMIT);

/** The optional Idempotency-Key header; a retry carrying the same key answers the first result. */
function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const value = req.headers["idempotency-key"];
  if (value === undefined) return undefined;
  const key = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!key || key.length > MAX_IDEMPOTENCY_KEY) {
    throw badRequest(`Idempotency-Key must be 1-${MAX_IDEMPOTENCY_KEY} characters`, "Idempotency-Key");
  }
  return key;
}

export default async function cartsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const submitCart = cartSubmitter(app);
  const decideCart = cartDecider(app);

  r.get(
    "/api/carts/pending",
    {
      config: { access: "parent" },
      schema: {
        tags: ["carts"],
        summary: `The parent's pending carts, newest first (?limit= default ${CARTS_DEFAULT_LIMIT}, at most 100; Link rel=next)`,
        querystring: CartPageQuerySchema,
        response: { 200: z.array(PendingCartSchema), ...errors },
      },
    },
    async (req, reply) => {
      const rows = await listPendingCarts(db, requireParent(req), req.query);
      return linkNext(reply, rows, req.query.limit, "/api/carts/pending");
    },
  );

  r.get(
    "/api/children/:id/carts",
    {
      config: { access: "child", childParam: "id" },
      schema: {
        tags: ["carts"],
        summary: `A child's carts, newest first (?limit= default ${CARTS_DEFAULT_LIMIT}, at most 100; Link rel=next)`,
        params: IdParamsSchema,
        querystring: CartPageQuerySchema,
        response: { 200: z.array(CartSchema), ...errors },
      },
    },
    async (req, reply) => {
      const child = await findVisibleChild(app, req, req.params.id);
      const rows = await listChildCarts(db, child.id, req.query);
      return linkNext(reply, rows, req.query.limit, `/api/children/${child.id}/carts`);
    },
  );

  r.post(
    "/api/children/:id/carts",
    {
      config: { access: "child", childParam: "id" },
      schema: {
        tags: ["carts"],
        summary: "Submit a cart (the child's session or the owning parent); approved at once when the rules allow",
        params: IdParamsSchema,
        body: CartSubmitSchema,
        response: { 201: CartSchema, ...errors },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      const cart = await submitCart(actor, req.params.id, req.body, idempotencyKeyOf(req));
      return reply.status(201).send(toCart(cart));
    },
  );

  r.patch(
    "/api/carts/:id/status",
    {
      config: { access: "parent" },
      schema: {
        tags: ["carts"],
        summary: "Approve or decline a pending cart",
        params: IdParamsSchema,
        body: CartStatusUpdateSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { statusCode, body } = await decideCart(
        requireGuardian(req),
        req.params.id,
        req.body,
        idempotencyKeyOf(req),
      );
      return reply.status(statusCode).send(body);
    },
  );

  r.post(
    "/api/carts/:id/accept-suggestion",
    {
      config: { access: "child" },
      schema: {
        tags: ["carts"],
        summary: "Turn a declined cart's suggested item into a new cart",
        params: IdParamsSchema,
        response: { 201: CartSchema, ...errors },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await assertChildMayAsk(app, actor);
      const cart = await acceptSuggestion(app, actor, req.params.id);
      return reply.status(201).send(toCart(cart));
    },
  );

  r.post(
    "/api/carts/:id/undo-decline",
    {
      config: { access: "parent" },
      schema: {
        tags: ["carts"],
        summary: "Take back your decline within 10 seconds: the cart waits again",
        params: IdParamsSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (req) => undoDecline(app, requireGuardian(req), req.params.id),
  );

  r.post(
    "/api/carts/:id/complete",
    {
      config: { access: "child" },
      schema: {
        tags: ["carts"],
        summary: "Mark an approved cart as bought, with the store's order number if there is one",
        params: IdParamsSchema,
        // {orderNumber?}: with nothing to say, the body may be left out.
        body: CartCompleteSchema.nullish(),
        response: { 200: CartSchema, ...errors },
      },
    },
    async (req) => completeCart(app, requireActor(req), req.params.id, req.body ?? {}),
  );
}
