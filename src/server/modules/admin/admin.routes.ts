import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorSchema } from "../../../shared/schemas/common";
import { ConsentSchema, DemoRequestSchema, NewsletterSubscriptionSchema } from "../../../shared/schemas/public-forms";
import {
  AdminListQuerySchema,
  AdminLoginResponseSchema,
  AdminLoginSchema,
  AdminParentListQuerySchema,
  AdminParentSchema,
  AdminSetupSchema,
  AdminUserSchema,
  AnalyticsOverviewSchema,
  AutomationSchema,
  ExecutionSchema,
} from "../../../shared/schemas/staff";
import { forbidden, HttpError } from "../../lib/http-errors";
import { cursorParam, linkNext } from "../../lib/paging";
import { requireAdmin } from "../../plugins/access";
import { limitPublicForm } from "../../plugins/rate-limits";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { listExecutions } from "../automations/automations.repository";
import { listConsents } from "../consents/consents.repository";
import { listDemoRequests } from "../demo-requests/demo-requests.repository";
import { listSubscriptions } from "../newsletter/newsletter.repository";
import { analyticsOverview, listAutomations, listParents } from "./admin.repository";
import type { AdminTokens } from "./admin-tokens";
import { findAdminByEmail, insertFirstAdmin, toAdminUser } from "./admins.repository";

const INVALID_CREDENTIALS = "Invalid credentials";
const ADMIN_EXISTS = "An admin account already exists. Please sign in.";

const guarded = { 400: ErrorSchema, 401: ErrorSchema };

/** docs/decisions/164: the staff lists keep their `?limit=` (default 10, at most 100) and gain a cursor. */
const StaffListQuerySchema = AdminListQuerySchema.extend({ cursor: cursorParam() });
const ParentListQuerySchema = AdminParentListQuerySchema.extend({ cursor: cursorParam() });

/**
 * docs/product-contract.md "Staff area": first-admin setup, sign-in, and the dashboard's lists, the public forms'
 * submissions among them (docs/product-contract.md "Public forms": staff see them in the admin area). Every route but
 * setup and sign-in is `staff` (docs/decisions/120), and every handler asks for its staff member itself.
 */
export default fp(async function adminRoutes(app: FastifyInstance, opts: { tokens: AdminTokens }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { tokens } = opts;

  r.post(
    "/api/admin/setup",
    {
      config: { access: "public" },
      schema: {
        tags: ["staff"],
        summary: "Create the first admin account (only while there is none)",
        body: AdminSetupSchema,
        response: { 201: z.object({ user: AdminUserSchema }), 400: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      await limitPublicForm(app, "admin-setup", req.ip, "Too many setup attempts from this address.");
      const { email, firstName, lastName, password } = req.body;
      const row = await insertFirstAdmin(
        db,
        { email, firstName, lastName, passwordHash: await hashPassword(password) },
        app.now(),
      );
      if (!row) throw forbidden(ADMIN_EXISTS);
      return reply.status(201).send({ user: toAdminUser(row) });
    },
  );

  r.post(
    "/api/admin/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["staff"],
        summary: "Sign in as staff; answers a bearer token valid for 8 hours",
        body: AdminLoginSchema,
        response: { 200: AdminLoginResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req) => {
      const { email, password } = req.body;
      // As parent sign-in: counted before the check so parallel guesses cannot slip under the limit,
      // and taken back on success (docs/product-contract.md "Accounts and sessions (parents)": successes do not count; docs/decisions/121).
      const succeeded = await app.rateLimiter.reserveSignIn(
        "admin-login",
        email,
        req.ip,
        "Too many failed sign-in attempts.",
      );
      const row = await findAdminByEmail(db, email);
      if (!(await verifyPassword(row?.passwordHash ?? null, password)) || !row) {
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await succeeded();
      return { token: await tokens.sign(row.id, app.now()), user: toAdminUser(row) };
    },
  );

  r.get(
    "/api/admin/me",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "The signed-in staff member",
        response: { 200: z.object({ user: AdminUserSchema }), ...guarded },
      },
    },
    async (req) => ({ user: requireAdmin(req) }),
  );

  r.get(
    "/api/admin/users",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary:
          "Parents, newest first, optionally those whose e-mail, name or last name starts with `q`, in any letter case (?limit= default 10, at most 100; Link rel=next)",
        querystring: ParentListQuerySchema,
        response: { 200: z.array(AdminParentSchema), ...guarded },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const rows = await listParents(db, req.query);
      return linkNext(reply, rows, req.query.limit, "/api/admin/users", { q: req.query.q });
    },
  );

  r.get(
    "/api/admin/analytics/overview",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Totals for the dashboard's stat cards",
        response: { 200: AnalyticsOverviewSchema, ...guarded },
      },
    },
    async (req) => {
      requireAdmin(req);
      return analyticsOverview(db);
    },
  );

  r.get(
    "/api/admin/automations",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "The workflows, with their steps in words",
        response: { 200: z.array(AutomationSchema), ...guarded },
      },
    },
    async (req) => {
      requireAdmin(req);
      return listAutomations(db);
    },
  );

  r.get(
    "/api/admin/executions",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Workflow runs, newest first (?limit= default 10, at most 100; Link rel=next)",
        querystring: StaffListQuerySchema,
        response: { 200: z.array(ExecutionSchema), ...guarded },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const rows = await listExecutions(db, { ...req.query, limit: req.query.limit + 1 });
      return linkNext(reply, rows, req.query.limit, "/api/admin/executions");
    },
  );

  r.get(
    "/api/admin/consents",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary:
          "Parental consents recorded by the /coppa-consent wizard, newest first (?limit= default 10, at most 100; Link rel=next)",
        querystring: StaffListQuerySchema,
        response: { 200: z.array(ConsentSchema), ...guarded },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      return linkNext(reply, await listConsents(db, req.query), req.query.limit, "/api/admin/consents");
    },
  );

  r.get(
    "/api/admin/demo-requests",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Demo requests from /schedule-demo, newest first (?limit= default 10, at most 100; Link rel=next)",
        querystring: StaffListQuerySchema,
        response: { 200: z.array(DemoRequestSchema), ...guarded },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      return linkNext(reply, await listDemoRequests(db, req.query), req.query.limit, "/api/admin/demo-requests");
    },
  );

  r.get(
    "/api/admin/newsletter",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Newsletter subscriptions, newest first (?limit= default 10, at most 100; Link rel=next)",
        querystring: StaffListQuerySchema,
        response: { 200: z.array(NewsletterSubscriptionSchema), ...guarded },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      return linkNext(reply, await listSubscriptions(db, req.query), req.query.limit, "/api/admin/newsletter");
    },
  );
});
