import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import {
  AdminListQuerySchema,
  SupportTicketSchema,
  TicketCreateSchema,
  TicketReplyCreateSchema,
} from "../../../shared/schemas/staff";
import { notFound } from "../../lib/http-errors";
import { cursorParam, linkNext, pageQuery } from "../../lib/paging";
import { requireAdmin } from "../../plugins/access";
import { requireAdult } from "../../plugins/auth";
import { findTicket, listTickets, openTicket } from "./tickets.repository";
import { assignTicket, closeTicket, replyAsParent, replyToTicket, TICKET_NOT_FOUND } from "./tickets.service";

/** Enough for a parent with a real problem; a script filling the staff queue is stopped. */
export const TICKETS_PER_HOUR = 20;
/** Replies a parent may add in an hour, across their tickets. */
export const PARENT_REPLIES_PER_HOUR = 60;
/** A parent's own list: a page of the newest this many, more than anyone opens at the hourly limit in a while. */
const OWN_TICKETS_SHOWN = 100;
/** docs/decisions/164: both ticket lists are paged by the last ticket's id. */
const OwnTicketsQuerySchema = pageQuery(OWN_TICKETS_SHOWN);
const StaffTicketsQuerySchema = AdminListQuerySchema.extend({ cursor: cursorParam() });

const staffErrors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * docs/product-contract.md "Staff area": parents open tickets from the help area and see their own; staff (under
 * /api/admin, behind the admin guard) list, assign, answer and close them.
 */
export default async function supportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.post(
    "/api/support/tickets",
    {
      config: { access: "parent" },
      schema: {
        tags: ["support"],
        summary: "Open a support ticket as the signed-in parent",
        body: TicketCreateSchema,
        response: { 201: SupportTicketSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      const userId = requireAdult(req);
      await app.rateLimiter.reserve(
        [`support-ticket:user:${userId}`],
        TICKETS_PER_HOUR,
        60 * 60 * 1000,
        "You have opened too many support tickets.",
      );
      const row = await openTicket(db, { userId, ...req.body }, app.now());
      const ticket = await findTicket(db, row.id);
      if (!ticket) throw notFound(TICKET_NOT_FOUND);
      return reply.status(201).send(ticket);
    },
  );

  r.get(
    "/api/support/tickets",
    {
      config: { access: "parent" },
      schema: {
        tags: ["support"],
        summary: `The signed-in parent's own tickets, newest first, with replies (?limit= default ${OWN_TICKETS_SHOWN}, at most 100; Link rel=next)`,
        querystring: OwnTicketsQuerySchema,
        response: { 200: z.array(SupportTicketSchema), 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (req, reply) => {
      const { limit, cursor } = req.query;
      const rows = await listTickets(db, { userId: requireAdult(req), limit: limit + 1, cursor });
      return linkNext(reply, rows, limit, "/api/support/tickets");
    },
  );

  r.post(
    "/api/support/tickets/:id/replies",
    {
      config: { access: "parent" },
      schema: {
        tags: ["support"],
        summary: "Answer on one of the signed-in parent's own tickets",
        params: IdParamsSchema,
        body: TicketReplyCreateSchema,
        response: {
          201: SupportTicketSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const userId = requireAdult(req);
      await app.rateLimiter.reserve(
        [`support-reply:user:${userId}`],
        PARENT_REPLIES_PER_HOUR,
        60 * 60 * 1000,
        "You have sent too many replies.",
      );
      return reply.status(201).send(await replyAsParent(app, userId, req.params.id, req.body.message));
    },
  );

  r.get(
    "/api/admin/tickets",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "All support tickets, newest first (?limit= default 10, at most 100; Link rel=next)",
        querystring: StaffTicketsQuerySchema,
        response: { 200: z.array(SupportTicketSchema), 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const { limit, cursor } = req.query;
      return linkNext(reply, await listTickets(db, { limit: limit + 1, cursor }), limit, "/api/admin/tickets");
    },
  );

  r.post(
    "/api/admin/tickets/:id/assign",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Assign a ticket to the signed-in staff member",
        params: IdParamsSchema,
        response: { 200: SupportTicketSchema, ...staffErrors },
      },
    },
    async (req) => assignTicket(app, requireAdmin(req).id, req.params.id),
  );

  r.post(
    "/api/admin/tickets/:id/replies",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Answer a ticket",
        params: IdParamsSchema,
        body: TicketReplyCreateSchema,
        response: { 201: SupportTicketSchema, ...staffErrors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await replyToTicket(app, requireAdmin(req).id, req.params.id, req.body.message)),
  );

  r.post(
    "/api/admin/tickets/:id/close",
    {
      config: { access: "staff" },
      schema: {
        tags: ["staff"],
        summary: "Close a ticket",
        params: IdParamsSchema,
        response: { 200: SupportTicketSchema, ...staffErrors },
      },
    },
    async (req) => {
      requireAdmin(req);
      return closeTicket(app, req.params.id);
    },
  );
}
