import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ChildConsentCreateSchema,
  ChildConsentSchema,
  ChildConsentStartedSchema,
  ConsentRejectSchema,
  ConsentReviewQuerySchema,
  ConsentReviewSchema,
} from "../../../shared/schemas/child-consents";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import { notFound } from "../../lib/http-errors";
import { linkNext, pageQuery } from "../../lib/paging";
import { requireAdmin } from "../../plugins/access";
import { requireGuardian, requireParent } from "../../plugins/auth";
import { findFamilyChild } from "../children/children.repository";
import {
  findConsent,
  findReview,
  listChildConsents,
  listReviews,
  toChildConsent,
  toReview,
} from "./child-consents.repository";
import { CHILD_NOT_FOUND, CONSENT_NOT_FOUND } from "./child-consents.service";

/** A child's consent history is short; this bounds the answer all the same. */
const CONSENTS_SHOWN = 20;

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const staffErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** docs/product-contract.md "Privacy rights"; docs/decisions/157. */
export default async function childConsentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const requestOrigin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

  r.post(
    "/api/children/:id/consent",
    {
      config: { access: "parent" },
      schema: {
        tags: ["consent"],
        summary:
          "Give parental consent for a child under 13: reviewed by staff (ID check, signed form) or verified by a card check through Stripe Checkout (a 50-cent charge refunded at once)",
        params: IdParamsSchema,
        body: ChildConsentCreateSchema,
        response: { 201: ChildConsentStartedSchema, ...errors, 502: ErrorSchema },
      },
    },
    async (req, reply) => {
      const guardian = requireGuardian(req);
      const started = await app.consents.start(
        guardian.familyId,
        guardian.userId,
        req.params.id,
        req.body,
        requestOrigin(req),
      );
      return reply.status(201).send({ consent: toChildConsent(started.consent), checkoutUrl: started.checkoutUrl });
    },
  );

  r.get(
    "/api/children/:id/consents",
    {
      config: { access: "parent" },
      schema: {
        tags: ["consent"],
        summary: `A child's consents, newest first (?limit= default ${CONSENTS_SHOWN}, at most 100; Link rel=next)`,
        params: IdParamsSchema,
        querystring: pageQuery(CONSENTS_SHOWN),
        response: { 200: z.array(ChildConsentSchema), ...errors },
      },
    },
    async (req, reply) => {
      const familyId = requireParent(req);
      const child = await findFamilyChild(db, familyId, req.params.id);
      if (!child) throw notFound(CHILD_NOT_FOUND);
      const rows = await listChildConsents(db, child.id, req.query);
      return linkNext(reply, rows, req.query.limit, `/api/children/${child.id}/consents`).map(toChildConsent);
    },
  );

  r.delete(
    "/api/children/:id/consent",
    {
      config: { access: "parent" },
      schema: {
        tags: ["consent"],
        summary:
          "Withdraw a child's consent: the child is signed out everywhere at once and cannot sign in again until a new consent is verified",
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await app.consents.withdraw(requireParent(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/admin/consent-reviews",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary:
          "Consents to review (status=pending, oldest first) or decided (newest first); ?limit= default 50, at most 100; Link rel=next",
        querystring: ConsentReviewQuerySchema,
        response: { 200: z.array(ConsentReviewSchema), ...staffErrors },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const { status, limit, before } = req.query;
      const cursor = before ? await findConsent(db, before) : null;
      const rows = await listReviews(db, { status, limit, cursor });
      // Its cursor keeps its own name, `before` (decision 160), and the queue's own order.
      return linkNext(reply, rows.map(toReview), limit, "/api/admin/consent-reviews", { status }, "before");
    },
  );

  r.post(
    "/api/admin/consent-reviews/:id/accept",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Verify a parent's consent: the child may sign in, and the parent is told by e-mail",
        params: IdParamsSchema,
        response: { 200: ConsentReviewSchema, ...staffErrors },
      },
    },
    async (req) => {
      const admin = requireAdmin(req);
      await app.consents.accept(req.params.id, admin, requestOrigin(req));
      return reviewOrNotFound(req.params.id);
    },
  );

  r.post(
    "/api/admin/consent-reviews/:id/reject",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Refuse a parent's consent with a reason the parent is told by e-mail",
        params: IdParamsSchema,
        body: ConsentRejectSchema,
        response: { 200: ConsentReviewSchema, ...staffErrors },
      },
    },
    async (req) => {
      const admin = requireAdmin(req);
      await app.consents.reject(req.params.id, admin, req.body.reason, requestOrigin(req));
      return reviewOrNotFound(req.params.id);
    },
  );

  async function reviewOrNotFound(id: string) {
    const row = await findReview(db, id);
    if (!row) throw notFound(CONSENT_NOT_FOUND);
    return toReview(row);
  }
}
