import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AdminFamilyRowSchema,
  AdminFamilySchema,
  AuditEntrySchema,
  AuditListQuerySchema,
  FamilyListQuerySchema,
  RefundRequestSchema,
  RefundSchema,
  SetPlanSchema,
} from "../../../shared/schemas/admin-families";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import { linkNext } from "../../lib/paging";
import { requireAdmin } from "../../plugins/access";
import { listAudit, listFamilies, toAuditEntry, toFamilyRow } from "./admin-families.repository";
import { familyDetail, refundCharge, setFamilyPlan } from "./admin-families.service";

const staffErrors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };

/**
 * docs/decisions/155: the staff area's Families section. Every route is `staff` (docs/decisions/120) and
 * every handler asks for its staff member itself, who is recorded with each change.
 */
export default async function adminFamiliesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    "/api/admin/families",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary:
          "Families newest first, optionally those with an adult whose e-mail starts with `email`, in any letter case (?limit= default 25, at most 100; Link rel=next)",
        querystring: FamilyListQuerySchema,
        response: { 200: z.array(AdminFamilyRowSchema), ...staffErrors },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const { email, limit, cursor } = req.query;
      const rows = await listFamilies(db, { email, limit, cursor });
      return linkNext(reply, rows, limit, "/api/admin/families", { email }).map(toFamilyRow);
    },
  );

  r.get(
    "/api/admin/families/:id",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary:
          "A family: its adults, billing, referrals, the last 50 staff changes and its charges of the last 90 days",
        params: IdParamsSchema,
        response: { 200: AdminFamilySchema, ...staffErrors, 502: ErrorSchema },
      },
    },
    async (req) => {
      requireAdmin(req);
      return familyDetail(app, req.params.id);
    },
  );

  r.patch(
    "/api/admin/families/:id/plan",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Set a family's plan by hand (how plans change when payments are not configured); answers the family",
        params: IdParamsSchema,
        body: SetPlanSchema,
        response: { 200: AdminFamilySchema, ...staffErrors, 502: ErrorSchema },
      },
    },
    async (req) => {
      const admin = requireAdmin(req);
      return setFamilyPlan(app, req.params.id, req.body.plan, admin);
    },
  );

  r.post(
    "/api/admin/families/:id/refunds",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Refund all or part of one of the family's charges through Stripe, within 30 days of the charge",
        params: IdParamsSchema,
        body: RefundRequestSchema,
        response: { 201: RefundSchema, ...staffErrors, 409: ErrorSchema, 502: ErrorSchema },
      },
    },
    async (req, reply) => {
      const admin = requireAdmin(req);
      return reply.status(201).send(await refundCharge(app, req.params.id, req.body, admin));
    },
  );

  r.get(
    "/api/admin/audit",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Every staff change, newest first (?limit= default 25, at most 100; Link rel=next)",
        querystring: AuditListQuerySchema,
        response: { 200: z.array(AuditEntrySchema), ...staffErrors },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const { limit, cursor } = req.query;
      const rows = await listAudit(db, { limit, cursor });
      return linkNext(reply, rows, limit, "/api/admin/audit").map(toAuditEntry);
    },
  );
}
