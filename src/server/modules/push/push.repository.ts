import { and, desc, eq, ne, notInArray } from "drizzle-orm";
import type { PushSubscriptionRecord } from "../../../shared/schemas/push";
import type { Executor } from "../../db/client";
import { pushSubscriptions } from "../../db/schema";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export const toPushSubscription = (row: PushSubscriptionRow): PushSubscriptionRecord => ({
  id: row.id,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

/**
 * Saves a device's subscription for `userId`. An endpoint names one browser profile, so when another
 * adult turns notifications on in that browser, the endpoint (and its fresh keys) becomes theirs.
 */
export async function upsertPushSubscription(
  db: Executor,
  values: { userId: string; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<PushSubscriptionRow> {
  const { userId, endpoint, p256dh, auth, now } = values;
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint, p256dh, auth, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh, auth } })
    .returning();
  if (!row) throw new Error("push subscription upsert returned no row");
  return row;
}

/** Keeps a user's `keep` most recent devices besides `current`, so one account cannot grow the list for ever. */
export async function trimPushSubscriptions(db: Executor, userId: string, current: string, keep: number) {
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.id, current)))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        ne(pushSubscriptions.id, current),
        notInArray(pushSubscriptions.id, kept),
      ),
    );
}

/** Removes `endpoint` only if it is `userId`'s. */
export async function deleteUserPushSubscription(db: Executor, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export const listUserPushSubscriptions = (db: Executor, userId: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

/**
 * Removes a subscription its push service called gone, unless the browser renewed it with new keys
 * since the message was sent.
 */
export async function deleteGonePushSubscription(db: Executor, sent: PushSubscriptionRow) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, sent.id), eq(pushSubscriptions.p256dh, sent.p256dh)));
}

export async function markPushDelivered(db: Executor, id: string, at: Date) {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}
