import { and, asc, desc, eq, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  type CheckoutSessionRow,
  carts,
  checkoutSessions,
  children,
  families,
  type MerchantRow,
  merchants,
  type WebhookEventRow,
  type WebhookStatus,
  webhookEvents,
} from "../../db/schema";
import { orderedBy, type Page, pastCursor } from "../../lib/paging";

export async function insertMerchant(db: Executor, row: typeof merchants.$inferInsert) {
  const [created] = await db.insert(merchants).values(row).returning();
  if (!created) throw new Error("merchant insert returned no row");
  return created;
}

/** Newest first; merchants registered in the same instant, newest added first (docs/decisions/166). */
export async function listMerchants(db: Executor, page: Page) {
  return db
    .select()
    .from(merchants)
    .where(pastCursor(merchants, merchants.createdAt, page.cursor, "desc", merchants.addedOrder))
    .orderBy(...orderedBy(merchants, merchants.createdAt, "desc", merchants.addedOrder))
    .limit(page.limit + 1);
}

export async function findMerchant(db: Executor, id: string) {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id));
  return row ?? null;
}

/** The active merchant whose API key hashes to this; a disabled merchant's key opens nothing. */
export async function findActiveMerchantByKeyHash(db: Executor, apiKeyHash: string) {
  const [row] = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.apiKeyHash, apiKeyHash), eq(merchants.isActive, true)));
  return row ?? null;
}

export async function updateMerchant(db: Executor, id: string, change: Partial<MerchantRow>) {
  const [row] = await db.update(merchants).set(change).where(eq(merchants.id, id)).returning();
  return row ?? null;
}

/** Inserts the session, or answers null when this merchant already used the Idempotency-Key. */
export async function insertCheckoutSession(db: Executor, row: typeof checkoutSessions.$inferInsert) {
  const [created] = await db
    .insert(checkoutSessions)
    .values(row)
    .onConflictDoNothing({ target: [checkoutSessions.merchantId, checkoutSessions.idempotencyKey] })
    .returning();
  return created ?? null;
}

export async function findSessionByIdempotencyKey(db: Executor, merchantId: string, key: string) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.merchantId, merchantId), eq(checkoutSessions.idempotencyKey, key)));
  return row ?? null;
}

export async function findCheckoutSession(db: Executor, id: string) {
  const [row] = await db
    .select({ session: checkoutSessions, merchant: merchants })
    .from(checkoutSessions)
    .innerJoin(merchants, eq(merchants.id, checkoutSessions.merchantId))
    .where(eq(checkoutSessions.id, id));
  return row ?? null;
}

/** The family (its owner's id) a cart belongs to. */
export async function familyOfCart(db: Executor, cartId: string) {
  const [row] = await db
    .select({ familyId: children.parentId, status: carts.status })
    .from(carts)
    .innerJoin(children, eq(children.id, carts.childId))
    .where(eq(carts.id, cartId));
  return row ?? null;
}

/** A session with its merchant, its row locked for this transaction (after the family's, decision 003). */
export async function lockCheckoutSession(tx: Executor, id: string) {
  const [row] = await tx
    .select({ session: checkoutSessions, merchant: merchants })
    .from(checkoutSessions)
    .innerJoin(merchants, eq(merchants.id, checkoutSessions.merchantId))
    .where(eq(checkoutSessions.id, id))
    .for("update", { of: checkoutSessions });
  return row ?? null;
}

/** The family's approval window, read (not locked) as the carts' own submissions read it. */
export async function approvalWindowOf(db: Executor, familyId: string) {
  const [row] = await db
    .select({ hours: families.approvalWindowHours })
    .from(families)
    .where(eq(families.id, familyId));
  return row?.hours;
}

/** A session sent: it takes its cart's status; the cart's link is written with the cart (checkout-webhooks). */
export async function markSessionSent(db: Executor, id: string, status: CheckoutSessionRow["status"], now: Date) {
  await db.update(checkoutSessions).set({ status, updatedAt: now }).where(eq(checkoutSessions.id, id));
}

/** Open sessions past their expiry, locked for this sweep step; another instance's are skipped. */
export async function lockExpiredOpenSessions(db: Executor, now: Date, limit: number) {
  return db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.status, "open"), lte(checkoutSessions.expiresAt, now)))
    .orderBy(asc(checkoutSessions.expiresAt))
    .limit(limit)
    .for("update", { skipLocked: true });
}

export async function setSessionsStatus(db: Executor, ids: string[], status: CheckoutSessionRow["status"], now: Date) {
  if (!ids.length) return;
  await db.update(checkoutSessions).set({ status, updatedAt: now }).where(inArray(checkoutSessions.id, ids));
}

export async function insertWebhookEvents(db: Executor, rows: (typeof webhookEvents.$inferInsert)[]) {
  if (rows.length) await db.insert(webhookEvents).values(rows);
}

/**
 * Claims due events as the notification outbox claims messages (decision 133): one statement takes rows
 * with SKIP LOCKED, counts the attempt and moves next_attempt_at to the lease's end, so two instances
 * never hold one event. A row never tried is due at once whatever the clocks say; a retry when its
 * backoff ends; a claim whose sender died when its lease ends.
 */
export async function claimDueWebhooks(db: Executor, now: Date, leaseMs: number, limit: number) {
  const due = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.status, "pending"),
        or(eq(webhookEvents.attempts, 0), lte(webhookEvents.nextAttemptAt, now)),
        // A disabled merchant's events are stopped, never sent (decision 144).
        inArray(
          webhookEvents.merchantId,
          db.select({ id: merchants.id }).from(merchants).where(eq(merchants.isActive, true)),
        ),
      ),
    )
    .orderBy(asc(webhookEvents.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(webhookEvents)
    .set({ attempts: sql`${webhookEvents.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(webhookEvents.id, due))
    .returning();
}

/** Settles a claimed event only while this sender still holds the claim (same attempt count). */
export async function settleWebhook(
  db: Executor,
  claimed: Pick<WebhookEventRow, "id" | "attempts">,
  change: {
    status: WebhookStatus;
    nextAttemptAt?: Date;
    lastStatusCode?: number | null;
    lastError?: string | null;
    deliveredAt?: Date | null;
  },
) {
  const rows = await db
    .update(webhookEvents)
    .set(change)
    .where(
      and(
        eq(webhookEvents.id, claimed.id),
        eq(webhookEvents.status, "pending"),
        eq(webhookEvents.attempts, claimed.attempts),
      ),
    )
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}

/** What the log shows for a stopped event; its status is `failed`, the schema's last state. */
export const STOPPED_BY_DISABLING = "stopped: merchant disabled";

/**
 * Stops the pending events of disabled merchants (one merchant's, or all of them): they are never sent,
 * and the log says why. A delivery already on its way may still arrive; its settling then finds the row
 * stopped and leaves it so.
 */
export async function stopDisabledMerchantsWebhooks(db: Executor, merchantId?: string) {
  const disabled = db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.isActive, false), merchantId ? eq(merchants.id, merchantId) : undefined));
  await db
    .update(webhookEvents)
    .set({ status: "failed", lastError: STOPPED_BY_DISABLING })
    .where(and(eq(webhookEvents.status, "pending"), inArray(webhookEvents.merchantId, disabled)));
}

/** A merchant's events, newest first, older than the `before` event when it is the merchant's. */
export async function listWebhookEvents(db: Executor, merchantId: string, limit: number, before?: WebhookEventRow) {
  return db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.merchantId, merchantId),
        before
          ? or(
              lt(webhookEvents.createdAt, before.createdAt),
              and(eq(webhookEvents.createdAt, before.createdAt), lt(webhookEvents.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
    .limit(limit);
}

export async function findWebhookEvent(db: Executor, merchantId: string, eventId: string) {
  const [row] = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, eventId), eq(webhookEvents.merchantId, merchantId)));
  return row ?? null;
}

/**
 * Due again now, with its id and body unchanged. The attempt count is kept (a claim is told from a later
 * one by it), so an event whose retries ran out gets one more attempt; a stopped one resumes its schedule.
 */
export async function requeueWebhook(db: Executor, merchantId: string, eventId: string, now: Date) {
  const [row] = await db
    .update(webhookEvents)
    .set({
      status: "pending",
      nextAttemptAt: now,
      lastError: sql`nullif(${webhookEvents.lastError}, ${STOPPED_BY_DISABLING})`,
    })
    .where(
      and(
        eq(webhookEvents.id, eventId),
        eq(webhookEvents.merchantId, merchantId),
        ne(webhookEvents.status, "delivered"),
      ),
    )
    .returning();
  return row ?? null;
}
