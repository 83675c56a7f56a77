import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SupportTicket, TicketPriority, TicketStatus } from "../../../shared/schemas/staff";
import type { Executor } from "../../db/client";
import { admins, type SupportTicketRow, supportTickets, ticketReplies, users } from "../../db/schema";
import { isUuid } from "../../lib/http-errors";
import { parentName } from "../auth/users.repository";

export interface NewTicket {
  userId: string;
  subject: string;
  description: string;
  priority: TicketPriority;
  /** The automation run that opened it, when one did. */
  executionId?: string | null;
}

/**
 * Opens a ticket; its number ("PW-1001") comes from the column's sequence. The automation engine's
 * "create ticket" step calls this too, inside its own transaction when it passes one.
 */
export async function openTicket(db: Executor, ticket: NewTicket, now: Date): Promise<SupportTicketRow> {
  const [row] = await db
    .insert(supportTickets)
    .values({ ...ticket, executionId: ticket.executionId ?? null, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error("ticket insert returned no row");
  return row;
}

/** Locks the ticket row for a change; null for an unknown or malformed id. */
export async function lockTicket(db: Executor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).for("update");
  return row ?? null;
}

const assignee = alias(admins, "assignee");
const replier = alias(admins, "replier");

/**
 * Tickets after the cursor's ticket in the list's order (docs/decisions/164), compared as row values with
 * the cursor ticket itself; nothing for an unknown id.
 */
const olderTicketThan = (cursor: string | undefined) =>
  cursor
    ? sql`(${supportTickets.createdAt}, length(${supportTickets.ticketNumber}), ${supportTickets.ticketNumber})
        < (select c.created_at, length(c.ticket_number), c.ticket_number from ${supportTickets} c where c.id = ${cursor})`
    : undefined;

/**
 * Tickets as both sides see them, newest first: with the creator, the assignee and the conversation.
 * Numbers come from one sequence, so among tickets opened in the same instant the higher number is newer.
 */
export async function listTickets(
  db: Executor,
  filter: { userId?: string; id?: string; limit: number; cursor?: string },
): Promise<SupportTicket[]> {
  const rows = await db
    .select({
      ticket: supportTickets,
      creator: { email: users.email, firstName: users.firstName, lastName: users.lastName },
      assignee: { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName },
    })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assignedAdminId))
    .where(
      and(
        filter.userId ? eq(supportTickets.userId, filter.userId) : undefined,
        filter.id ? eq(supportTickets.id, filter.id) : undefined,
        olderTicketThan(filter.cursor),
      ),
    )
    .orderBy(
      desc(supportTickets.createdAt),
      desc(sql`length(${supportTickets.ticketNumber})`),
      desc(supportTickets.ticketNumber),
    )
    .limit(filter.limit);
  if (!rows.length) return [];

  const replies = await db
    .select({ reply: ticketReplies, replier: { firstName: replier.firstName, lastName: replier.lastName } })
    .from(ticketReplies)
    .leftJoin(replier, eq(replier.id, ticketReplies.adminId))
    .where(
      inArray(
        ticketReplies.ticketId,
        rows.map((r) => r.ticket.id),
      ),
    )
    .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.id));
  const byTicket = new Map<string, typeof replies>();
  for (const r of replies) {
    const list = byTicket.get(r.reply.ticketId);
    if (list) list.push(r);
    else byTicket.set(r.reply.ticketId, [r]);
  }

  return rows.map(({ ticket: t, creator, assignee: a }) => ({
    id: t.id,
    ticketNumber: t.ticketNumber,
    userId: t.userId,
    creator: { email: creator.email, name: parentName(creator) },
    subject: t.subject,
    description: t.description,
    priority: t.priority as TicketPriority,
    status: t.status as TicketStatus,
    assignedTo: a ? { id: a.id, name: `${a.firstName} ${a.lastName}` } : null,
    replies: (byTicket.get(t.id) ?? []).map(({ reply, replier: w }) => ({
      id: reply.id,
      message: reply.body,
      adminName: w ? `${w.firstName} ${w.lastName}` : null,
      createdAt: reply.createdAt.toISOString(),
    })),
    createdAt: t.createdAt.toISOString(),
    closedAt: t.closedAt?.toISOString() ?? null,
  }));
}

export async function findTicket(db: Executor, id: string): Promise<SupportTicket | null> {
  const [ticket] = await listTickets(db, { id, limit: 1 });
  return ticket ?? null;
}
