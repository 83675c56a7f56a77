import { and, asc, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  type CheckoutSessionRow,
  carts,
  checkoutSessions,
  children,
  type MerchantRow,
  merchants,
  type WebhookEventRow,
  type WebhookStatus,
  webhookEvents,
} from "../../db/schema";

export async function insertMerchant(db: Executor, row: typeof merchants.$inferInsert) {
  const [created] = await db.insert(merchants).values(row).returning();
  if (!created) throw new Error("merchant insert returned no row");
  return created;
}

export async function listMerchants(db: Executor) {
  return db.select().from(merchants).orderBy(desc(merchants.createdAt)).limit(100);
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

/** Links a sent session to its cart, only while it is still open; answers the row, or null. */
export async function linkSessionToCart(
  db: Executor,
  id: string,
  cartId: string,
  status: CheckoutSessionRow["status"],
  now: Date,
) {
  const [row] = await db
    .update(checkoutSessions)
    .set({ cartId, status, updatedAt: now })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "open")))
    .returning();
  return row ?? null;
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
