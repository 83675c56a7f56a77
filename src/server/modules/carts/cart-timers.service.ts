import { and, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { EXPIRED_NOTE } from "../../../shared/rules/approval-window";
import { arrayParam } from "../../db/prepared";
import { type CartRow, carts, children, reminderDue } from "../../db/schema";
import { lockDueCarts, writeBudgetChanges } from "../budget/budget";
import { queueNotification } from "../notifications/notifications";

/** How many carts one sweep step takes; a sweep repeats steps until none is due. */
const STEP = 200;

/**
 * docs/product-contract.md "Deciding from anywhere": at its expiresAt a still-pending cart is declined
 * with no one as its decider and the contract's note. The state lives in the cart row and each step
 * locks the carts it changes (SKIP LOCKED), so a sweep on any instance, before or after a restart,
 * expires each cart exactly once (docs/decisions/134).
 */
export function expiredCart(cart: CartRow, now: Date): CartRow {
  return {
    ...cart,
    status: "declined",
    decisionNote: EXPIRED_NOTE,
    suggestedItem: null,
    declinedAt: now,
    decidedBy: null,
    decidedAt: now,
    updatedAt: now,
  };
}

export async function expireDueCarts(app: FastifyInstance): Promise<number> {
  let total = 0;
  for (;;) {
    const now = app.now();
    const expired = await app.database.db.transaction(async (tx) => {
      const due = await lockDueCarts(tx, now, STEP);
      if (!due.length) return 0;
      const decided = due.map(({ cart }) => expiredCart(cart, now));
      // Announced as cart.expired, not cart.decided: no one decided (docs/product-contract.md "Hearing at once").
      const events = due.map(({ cart, familyId }) => ({
        type: "cart.expired" as const,
        familyId,
        childId: cart.childId,
        data: { cartId: cart.id, childId: cart.childId, status: "declined" as const },
      }));
      await writeBudgetChanges(tx, { decidedCarts: decided, events });
      for (const { cart, familyId } of due) {
        await queueNotification(tx, { type: "cart.expired", familyId, childId: cart.childId, cartId: cart.id });
      }
      return due.length;
    });
    total += expired;
    if (expired < STEP) return total;
  }
}

/**
 * Half-way through its window a pending cart's guardians are reminded once: the claim sets
 * reminder_sent_at and queues the reminder in one transaction, on rows no other sweep holds.
 */
export async function remindDueCarts(app: FastifyInstance): Promise<number> {
  let total = 0;
  for (;;) {
    const now = app.now();
    const reminded = await app.database.db.transaction(async (tx) => {
      const nowUtc = sql`(${now.toISOString()}::timestamptz at time zone 'UTC')`;
      const remindAt = reminderDue(carts.createdAt, carts.expiresAt);
      // The status and reminder tests are written as the index's predicate, literally, so that even a
      // generic plan can prove the partial index carts_reminder_due_idx applies.
      // The family is looked up per due cart: the planner cannot tell how few carts the partial index holds
      // (status and reminder are correlated), and a join would have it read every child to hash them.
      const due = await tx
        .select({
          id: carts.id,
          childId: carts.childId,
          familyId: sql<string>`(select ${children.parentId} from ${children} where ${children.id} = ${carts.childId})`,
        })
        .from(carts)
        .where(
          and(
            sql`${carts.status} = 'pending' and ${carts.reminderSentAt} is null`,
            sql`${remindAt} <= ${nowUtc}`,
            // In UTC timestamps like the index: compared as a timestamptz, the planner would read all pending
            // carts through carts_pending_expires_idx, guessing from every cart's history that few expire later.
            sql`(${carts.expiresAt} at time zone 'UTC') > ${nowUtc}`,
          ),
        )
        .orderBy(remindAt)
        .limit(STEP)
        .for("update", { of: carts, skipLocked: true });
      if (!due.length) return 0;
      const ids = due.map((d) => d.id);
      await tx
        .update(carts)
        .set({ reminderSentAt: now })
        .where(sql`${carts.id} = any(${arrayParam(ids, "uuid")})`);
      for (const cart of due) {
        await queueNotification(tx, {
          type: "cart.reminder",
          familyId: cart.familyId,
          childId: cart.childId,
          cartId: cart.id,
        });
      }
      return due.length;
    });
    total += reminded;
    if (reminded < STEP) return total;
  }
}
