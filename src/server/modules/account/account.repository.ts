import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { emailChanges, sessions, users } from "../../db/schema";
import { lockUser } from "../auth/users.repository";

const parentSessionsOf = (userId: string) =>
  and(sql`${sessions.sess}->>'kind' = 'parent'`, sql`${sessions.sess}->>'userId' = ${userId}`);

/** The newest change of address still waiting for its link, or null. */
export async function findPendingEmailChange(db: Executor, userId: string, now: Date) {
  const [row] = await db
    .select({ email: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row ?? null;
}

export async function updateName(db: Executor, userId: string, firstName: string, lastName: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ firstName, lastName, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/** Another account whose e-mail is `email` (compared as sign-in compares them), or null. */
export async function findOtherAccountWithEmail(db: Executor, userId: string, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)));
  return row ?? null;
}

/** Stores a new link for the parent and drops their unused ones, so only the newest link works. */
/** `alongside` writes in the same transaction, so a notice is queued exactly when the change commits. */
type Alongside = (tx: Executor) => Promise<void>;

export async function replaceEmailChange(
  db: Executor,
  change: { userId: string; tokenHash: string; newEmail: string; now: Date; expiresAt: Date },
  alongside: Alongside,
) {
  await db.transaction(async (tx) => {
    // Two requests at once must not both leave a live link behind.
    await lockUser(tx, change.userId);
    await tx.delete(emailChanges).where(and(eq(emailChanges.userId, change.userId), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      tokenHash: change.tokenHash,
      userId: change.userId,
      newEmail: change.newEmail,
      expiresAt: change.expiresAt,
      createdAt: change.now,
    });
    await alongside(tx);
  });
}

export type EmailChangeOutcome =
  | { kind: "changed"; userId: string; firstName: string | null; oldEmail: string; newEmail: string }
  | { kind: "invalid" }
  | { kind: "taken" };

/** Postgres' unique_violation, wrapped or not by the driver. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Claims the link (one conditional update, so two uses at once cannot both succeed) and moves the account
 * to the new address, unless another account has taken that address since the link was sent.
 */
export async function claimEmailChange(
  db: Executor,
  tokenHash: string,
  now: Date,
  alongside: (tx: Executor, changed: Extract<EmailChangeOutcome, { kind: "changed" }>) => Promise<void>,
): Promise<EmailChangeOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
        .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
      if (!claimed) return { kind: "invalid" } as const;
      const before = await lockUser(tx, claimed.userId);
      if (!before) return { kind: "invalid" } as const;
      if (await findOtherAccountWithEmail(tx, claimed.userId, claimed.newEmail)) return { kind: "taken" } as const;
      await tx.update(users).set({ email: claimed.newEmail, updatedAt: now }).where(eq(users.id, claimed.userId));
      const changed = {
        kind: "changed",
        userId: claimed.userId,
        firstName: before.firstName,
        oldEmail: before.email,
        newEmail: claimed.newEmail,
      } as const;
      await alongside(tx, changed);
      return changed;
    });
  } catch (err) {
    // A sign-up with the same address committed between the check and the update.
    if (isUniqueViolation(err)) return { kind: "taken" };
    throw err;
  }
}

/** Sets the new password and ends every parent session of the account but `keepSid`. */
export async function changePassword(
  db: Executor,
  change: { userId: string; passwordHash: string; keepSid: string; now: Date },
  alongside: Alongside,
) {
  const { userId, passwordHash, keepSid, now } = change;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await tx.delete(sessions).where(and(parentSessionsOf(userId), ne(sessions.sid, keepSid)));
    await alongside(tx);
  });
}

/** Ends every parent session of the account, the caller's included. */
export async function endParentSessions(db: Executor, userId: string) {
  await db.delete(sessions).where(parentSessionsOf(userId));
}
