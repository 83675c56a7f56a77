import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { passwordResets, sessions, users } from "../../db/schema";
import { lockUser } from "../auth/users.repository";

/** Stores a new token for the parent and drops their unused ones, so only the newest link works. */
export async function replaceResetToken(db: Executor, userId: string, tokenHash: string, now: Date, expiresAt: Date) {
  await db.transaction(async (tx) => {
    // Two requests at once must not both leave a live token behind.
    await lockUser(tx, userId);
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ tokenHash, userId, expiresAt, createdAt: now });
  });
}

/**
 * Claims the token (one conditional update, so two uses at once cannot both succeed), sets the new
 * password and ends every session of the parent. Answers the parent, or null for a token that is
 * unknown, used or expired.
 */
export async function useResetToken(db: Executor, tokenHash: string, passwordHash: string, now: Date) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, claimed.userId))
      .returning();
    await tx
      .delete(sessions)
      .where(and(sql`${sessions.sess}->>'kind' = 'parent'`, sql`${sessions.sess}->>'userId' = ${claimed.userId}`));
    return user ?? null;
  });
}
