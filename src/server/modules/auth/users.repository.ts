import { eq, sql } from "drizzle-orm";
import type { User } from "../../../shared/schemas/auth";
import type { SubscriptionTier } from "../../../shared/schemas/usage";
import type { Executor } from "../../db/client";
import { families, familyGuardians, type UserRow, users } from "../../db/schema";

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    subscriptionTier: row.subscriptionTier as SubscriptionTier,
  };
}

/** How staff see a parent: their full name, or the e-mail when they gave none (some OIDC accounts). */
export function parentName(user: Pick<UserRow, "email" | "firstName" | "lastName">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.email;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Locks the parent's row: every write that reads a family's budget or counts takes this lock first. */
export async function lockUser(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for("update");
  return row ?? null;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ?? null;
}

/** A new account owns a new family from its first moment (docs/decisions/130); null when the e-mail is taken. */
export function insertUser(db: Executor, values: typeof users.$inferInsert) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
    if (row) await startOwnFamily(tx, row.id);
    return row ?? null;
  });
}

/** Makes the adult the owner of a family of their own (a new account, or a guardian a family removed). */
export async function startOwnFamily(db: Executor, userId: string) {
  await db.insert(families).values({ id: userId }).onConflictDoNothing();
  await db
    .insert(familyGuardians)
    .values({ userId, familyId: userId, role: "owner" })
    .onConflictDoUpdate({
      target: familyGuardians.userId,
      set: { familyId: userId, role: "owner", approvalLimit: null },
    });
}
