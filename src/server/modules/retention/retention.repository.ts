import { and, inArray, isNotNull, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import {
  carts,
  checkoutSessions,
  childDevices,
  childLoginCodes,
  consents,
  decisionTokens,
  demoRequests,
  emailChanges,
  events,
  familyInvitations,
  idempotentResponses,
  outboundMessages,
  passwordResets,
  rateLimits,
  referralInvites,
  sessions,
  staffAuditLog,
  stripeEvents,
  supportTickets,
  webhookEvents,
  workflowExecutions,
} from "../../db/schema";
import type { RetentionCutoffs, RetentionRuleName } from "./retention.service";

/** Rows deleted per statement: short statements hold few locks and never stall the requests beside them. */
const BATCH = 1000;

/** Deletes the rows `due` selects, a batch at a time by primary key; answers how many. */
async function deleteInBatches(db: Executor, table: PgTable, key: AnyPgColumn, due: SQL | undefined): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db.select({ key }).from(table).where(due).limit(BATCH);
    // The condition again on the delete itself: a row changed since the batch was read (a webhook retried by
    // staff, say) is judged as it is now.
    const rows = await db
      .delete(table)
      .where(and(inArray(key, batch), due))
      .returning({ key });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

/** A moment compared inside raw SQL, where no column says how to send it. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** What each rule selects at its cutoff (retention.service.ts says why each is kept that long). */
function dueRows(
  c: RetentionCutoffs,
): Record<Exclude<RetentionRuleName, "outboxFiles">, [PgTable, AnyPgColumn, SQL | undefined]> {
  return {
    sessions: [sessions, sessions.sid, lt(sessions.expire, c.sessions)],
    childLoginCodes: [childLoginCodes, childLoginCodes.codeHash, lt(childLoginCodes.expiresAt, c.childLoginCodes)],
    passwordResets: [passwordResets, passwordResets.tokenHash, lt(passwordResets.expiresAt, c.passwordResets)],
    emailChanges: [emailChanges, emailChanges.tokenHash, lt(emailChanges.expiresAt, c.emailChanges)],
    familyInvitations: [
      familyInvitations,
      familyInvitations.tokenHash,
      lt(familyInvitations.expiresAt, c.familyInvitations),
    ],
    childDevices: [childDevices, childDevices.id, lt(childDevices.expiresAt, c.childDevices)],
    rateLimits: [rateLimits, rateLimits.key, lt(rateLimits.resetAt, c.rateLimits)],
    liveEvents: [events, events.id, lt(events.createdAt, c.liveEvents)],
    idempotentResponses: [
      idempotentResponses,
      idempotentResponses.key,
      lt(idempotentResponses.createdAt, c.idempotentResponses),
    ],
    referralInvites: [referralInvites, referralInvites.id, lt(referralInvites.sentAt, c.referralInvites)],
    decisionTokens: [decisionTokens, decisionTokens.tokenHash, lt(decisionTokens.expiresAt, c.decisionTokens)],
    outboundMessages: [
      outboundMessages,
      outboundMessages.id,
      and(
        inArray(outboundMessages.status, ["sent", "failed", "skipped"]),
        lt(outboundMessages.createdAt, c.outboundMessages),
      ),
    ],
    merchantWebhooks: [
      webhookEvents,
      webhookEvents.id,
      and(inArray(webhookEvents.status, ["delivered", "failed"]), lt(webhookEvents.createdAt, c.merchantWebhooks)),
    ],
    checkoutSessions: [
      checkoutSessions,
      checkoutSessions.id,
      and(isNull(checkoutSessions.cartId), lt(checkoutSessions.expiresAt, c.checkoutSessions)),
    ],
    stripeEvents: [stripeEvents, stripeEvents.id, lt(stripeEvents.receivedAt, c.stripeEvents)],
    workflowExecutions: [
      workflowExecutions,
      workflowExecutions.id,
      and(
        inArray(workflowExecutions.status, ["completed", "failed"]),
        // A failed run has no completedAt; its last change is when it failed.
        sql`coalesce(${workflowExecutions.completedAt}, ${workflowExecutions.updatedAt}) < ${at(c.workflowExecutions)}`,
      ),
    ],
    demoRequests: [demoRequests, demoRequests.id, lt(demoRequests.createdAt, c.demoRequests)],
    consentForms: [consents, consents.id, lt(consents.createdAt, c.consentForms)],
    supportTickets: [
      supportTickets,
      supportTickets.id,
      and(isNotNull(supportTickets.closedAt), lt(supportTickets.closedAt, c.supportTickets)),
    ],
    carts: [
      carts,
      carts.id,
      and(
        ne(carts.status, "pending"),
        // created_at first, so the planner can narrow by it before reading the other two.
        lt(carts.createdAt, c.carts),
        sql`greatest(${carts.createdAt}, ${carts.decidedAt}, ${carts.completedAt}) < ${at(c.carts)}`,
      ),
    ],
    staffAuditLog: [staffAuditLog, staffAuditLog.id, lt(staffAuditLog.createdAt, c.staffAuditLog)],
  };
}

/** Deletes every row due under the cutoffs, rule by rule; answers how many each rule deleted. */
export async function deleteDue(db: Executor, cutoffs: RetentionCutoffs) {
  const report = {} as Record<Exclude<RetentionRuleName, "outboxFiles">, number>;
  for (const [name, [table, key, due]] of Object.entries(dueRows(cutoffs))) {
    report[name as keyof typeof report] = await deleteInBatches(db, table, key, due);
  }
  return report;
}
