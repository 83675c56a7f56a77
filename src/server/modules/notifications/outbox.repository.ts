import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  achievements,
  carts,
  children,
  familyGuardians,
  type OutboundMessageRow,
  type OutboundStatus,
  outboundMessages,
  pushSubscriptions,
  users,
} from "../../db/schema";

/**
 * Claims up to `limit` due rows for this sender: a row nobody has tried is due at once, whatever the
 * clocks say; a retry when its backoff ends; a claim whose sender vanished when its lease ends. The
 * claim takes rows with SKIP LOCKED and moves their next_attempt_at to the lease's end in one statement,
 * so two instances never hold one row, and a row another sender holds is not even waited for.
 */
export async function claimDueMessages(db: Executor, now: Date, leaseMs: number, limit: number) {
  const due = db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(
      or(
        and(
          eq(outboundMessages.status, "queued"),
          or(eq(outboundMessages.attempts, 0), lte(outboundMessages.nextAttemptAt, now)),
        ),
        and(eq(outboundMessages.status, "sending"), lte(outboundMessages.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(outboundMessages.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outboundMessages)
    .set({
      status: "sending",
      attempts: sql`${outboundMessages.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(outboundMessages.id, due))
    .returning();
}

/**
 * Settles a claimed row, only if this sender still holds the claim (same status and attempt count):
 * a sender whose lease ran out must not overwrite what the next one did. Answers whether it held it.
 */
export async function settleMessage(
  db: Executor,
  claimed: Pick<OutboundMessageRow, "id" | "attempts">,
  change: { status: OutboundStatus; nextAttemptAt?: Date; lastError?: string | null; sentAt?: Date | null },
) {
  const rows = await db
    .update(outboundMessages)
    .set(change)
    .where(
      and(
        eq(outboundMessages.id, claimed.id),
        eq(outboundMessages.status, "sending"),
        eq(outboundMessages.attempts, claimed.attempts),
      ),
    )
    .returning({ id: outboundMessages.id });
  return rows.length > 0;
}

export async function insertMessages(db: Executor, rows: (typeof outboundMessages.$inferInsert)[]) {
  if (rows.length) await db.insert(outboundMessages).values(rows);
}

/** The family's guardians as the worker addresses them. */
export async function familyGuardianList(db: Executor, familyId: string) {
  return db
    .select({ userId: familyGuardians.userId, email: users.email, firstName: users.firstName })
    .from(familyGuardians)
    .innerJoin(users, eq(users.id, familyGuardians.userId))
    .where(eq(familyGuardians.familyId, familyId))
    .orderBy(asc(familyGuardians.createdAt));
}

/** The guardian as a member of that family now, with their account; null once they left it. */
export async function guardianInFamily(db: Executor, userId: string, familyId: string) {
  const [row] = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(familyGuardians)
    .innerJoin(users, eq(users.id, familyGuardians.userId))
    .where(and(eq(familyGuardians.userId, userId), eq(familyGuardians.familyId, familyId)));
  return row ?? null;
}

/** Which of these accounts have at least one device with push turned on. */
export async function usersWithPush(db: Executor, userIds: string[]) {
  if (!userIds.length) return new Set<string>();
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  return new Set(rows.map((r) => r.userId));
}

export async function findChild(db: Executor, childId: string) {
  const [row] = await db.select().from(children).where(eq(children.id, childId));
  return row ?? null;
}

export async function findCart(db: Executor, cartId: string) {
  const [row] = await db.select().from(carts).where(eq(carts.id, cartId));
  return row ?? null;
}

export async function findBadge(db: Executor, childId: string, type: string) {
  const [row] = await db
    .select()
    .from(achievements)
    .where(and(eq(achievements.childId, childId), eq(achievements.type, type)));
  return row ?? null;
}

export async function findUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
