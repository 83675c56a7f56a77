import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { SupportTicket } from "../../../shared/schemas/staff";
import type { Tx } from "../../db/client";
import { type SupportTicketRow, supportTickets, ticketReplies } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-errors";
import { findTicket, lockTicket } from "./tickets.repository";

export const TICKET_NOT_FOUND = "Ticket not found";
const TICKET_CLOSED = "This ticket is closed";

/**
 * Runs a staff action on one ticket with its row locked, so concurrent actions queue rather than
 * overwrite each other (a reply never lands on a ticket closed a moment before), and answers the
 * ticket as it is afterwards.
 */
function changeTicket(
  app: FastifyInstance,
  id: string,
  change: (tx: Tx, row: SupportTicketRow, now: Date) => Promise<void>,
): Promise<SupportTicket> {
  return app.database.db.transaction(async (tx) => {
    const row = await lockTicket(tx, id);
    if (!row) throw notFound(TICKET_NOT_FOUND);
    await change(tx, row, app.now());
    const ticket = await findTicket(tx, id);
    if (!ticket) throw notFound(TICKET_NOT_FOUND);
    return ticket;
  });
}

/** Work on a ticket moves it out of `open`; a closed ticket stays closed. */
const statusAfterWork = (row: SupportTicketRow) => (row.status === "open" ? "in_progress" : row.status);

export const assignTicket = (app: FastifyInstance, adminId: string, id: string) =>
  changeTicket(app, id, async (tx, row, now) => {
    if (row.status === "closed") throw conflict(TICKET_CLOSED);
    await tx
      .update(supportTickets)
      .set({ assignedAdminId: adminId, status: statusAfterWork(row), updatedAt: now })
      .where(eq(supportTickets.id, row.id));
  });

/** Adds a message to an open ticket: a staff reply (adminId) or the parent's own (null). */
async function addReply(tx: Tx, row: SupportTicketRow, adminId: string | null, message: string, now: Date) {
  if (row.status === "closed") throw conflict(TICKET_CLOSED);
  await tx.insert(ticketReplies).values({ ticketId: row.id, adminId, body: message, createdAt: now });
  // Staff work moves a ticket out of `open`; the parent's answer leaves the status as it is.
  const status = adminId ? statusAfterWork(row) : row.status;
  await tx.update(supportTickets).set({ status, updatedAt: now }).where(eq(supportTickets.id, row.id));
}

export const replyToTicket = (app: FastifyInstance, adminId: string, id: string, message: string) =>
  changeTicket(app, id, (tx, row, now) => addReply(tx, row, adminId, message, now));

/** The parent answers on their own ticket; another family's ticket looks missing. */
export const replyAsParent = (app: FastifyInstance, userId: string, id: string, message: string) =>
  changeTicket(app, id, (tx, row, now) => {
    if (row.userId !== userId) throw notFound(TICKET_NOT_FOUND);
    return addReply(tx, row, null, message, now);
  });

export const closeTicket = (app: FastifyInstance, id: string) =>
  changeTicket(app, id, async (tx, row, now) => {
    if (row.status === "closed") throw conflict("This ticket is already closed");
    await tx
      .update(supportTickets)
      .set({ status: "closed", closedAt: now, updatedAt: now })
      .where(eq(supportTickets.id, row.id));
  });
