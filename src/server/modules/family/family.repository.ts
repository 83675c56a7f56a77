import { and, asc, count, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/rules/money";
import type { Family, Guardian, PendingInvitation } from "../../../shared/schemas/family";
import type { Executor } from "../../db/client";
import { children, families, familyGuardians, familyInvitations, sessions, users } from "../../db/schema";

const money = (cents: number | null) => (cents === null ? null : formatCents(cents));

export async function findFamily(db: Executor, familyId: string, now: Date): Promise<Family | null> {
  const [family] = await db.select().from(families).where(eq(families.id, familyId));
  if (!family) return null;
  const guardians = await db
    .select({ guardian: familyGuardians, user: users })
    .from(familyGuardians)
    .innerJoin(users, eq(users.id, familyGuardians.userId))
    .where(eq(familyGuardians.familyId, familyId))
    // The owner first, then guardians in the order they joined.
    .orderBy(sql`${familyGuardians.role} = 'owner' desc`, asc(familyGuardians.createdAt), asc(users.id));
  const invitations = await db
    .select()
    .from(familyInvitations)
    .where(
      and(
        eq(familyInvitations.familyId, familyId),
        isNull(familyInvitations.acceptedAt),
        isNull(familyInvitations.revokedAt),
        gt(familyInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(familyInvitations.createdAt));
  return {
    id: family.id,
    approvalWindowHours: family.approvalWindowHours,
    guardians: guardians.map(
      ({ guardian, user }): Guardian => ({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: guardian.role,
        approvalLimit: money(guardian.approvalLimit),
      }),
    ),
    invitations: invitations.map(
      (i): PendingInvitation => ({
        id: i.tokenHash,
        email: i.email,
        approvalLimit: money(i.approvalLimit),
        expiresAt: i.expiresAt.toISOString(),
      }),
    ),
  };
}

export async function setApprovalWindow(db: Executor, familyId: string, hours: number, now: Date) {
  await db.update(families).set({ approvalWindowHours: hours, updatedAt: now }).where(eq(families.id, familyId));
}

export async function findGuardianByEmail(db: Executor, familyId: string, email: string) {
  const [row] = await db
    .select({ userId: familyGuardians.userId })
    .from(familyGuardians)
    .innerJoin(users, eq(users.id, familyGuardians.userId))
    .where(and(eq(familyGuardians.familyId, familyId), eq(sql`lower(${users.email})`, email.toLowerCase())));
  return row ?? null;
}

/** A new invitation to `email` replaces any open one to the same address (whose link stops working). */
export async function replaceInvitation(db: Executor, values: typeof familyInvitations.$inferInsert, now: Date) {
  await db
    .update(familyInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(familyInvitations.familyId, values.familyId),
        eq(familyInvitations.email, values.email),
        isNull(familyInvitations.acceptedAt),
        isNull(familyInvitations.revokedAt),
      ),
    );
  const [row] = await db.insert(familyInvitations).values(values).returning();
  if (!row) throw new Error("the invitation was not stored");
  return row;
}

export async function revokeInvitation(db: Executor, familyId: string, id: string, now: Date) {
  const rows = await db
    .update(familyInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(familyInvitations.familyId, familyId),
        eq(familyInvitations.tokenHash, id),
        isNull(familyInvitations.acceptedAt),
        isNull(familyInvitations.revokedAt),
      ),
    )
    .returning({ id: familyInvitations.tokenHash });
  return rows.length > 0;
}

/** The invitation a link's token names, with who sent it, locked when `forUpdate`. */
export async function findInvitation(db: Executor, tokenHash: string, forUpdate = false) {
  const query = db
    .select({ invitation: familyInvitations, owner: users })
    .from(familyInvitations)
    .innerJoin(users, eq(users.id, familyInvitations.familyId))
    .where(eq(familyInvitations.tokenHash, tokenHash));
  const [row] = forUpdate ? await query.for("update", { of: familyInvitations }) : await query;
  return row ?? null;
}

export async function markInvitationAccepted(db: Executor, tokenHash: string, userId: string, now: Date) {
  await db
    .update(familyInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(eq(familyInvitations.tokenHash, tokenHash));
}

export async function lockGuardian(db: Executor, userId: string) {
  const [row] = await db.select().from(familyGuardians).where(eq(familyGuardians.userId, userId)).for("update");
  return row ?? null;
}

/** How many children and other guardians the family has: an adult leaves a family of their own only when it is empty. */
export async function familyHolds(db: Executor, familyId: string, userId: string) {
  const [kids] = await db.select({ n: count() }).from(children).where(eq(children.parentId, familyId));
  const [others] = await db
    .select({ n: count() })
    .from(familyGuardians)
    .where(and(eq(familyGuardians.familyId, familyId), ne(familyGuardians.userId, userId)));
  return { children: kids?.n ?? 0, otherGuardians: others?.n ?? 0 };
}

export async function joinFamily(
  db: Executor,
  userId: string,
  familyId: string,
  approvalLimit: number | null,
  ownFamilyId: string | null,
) {
  await db
    .update(familyGuardians)
    .set({ familyId, role: "guardian", approvalLimit })
    .where(eq(familyGuardians.userId, userId));
  // The adult's own family was empty (checked under lock); its settings row goes with it.
  if (ownFamilyId) await db.delete(families).where(eq(families.id, ownFamilyId));
}

export async function setGuardianLimit(db: Executor, familyId: string, userId: string, limit: number | null) {
  const rows = await db
    .update(familyGuardians)
    .set({ approvalLimit: limit })
    .where(
      and(
        eq(familyGuardians.familyId, familyId),
        eq(familyGuardians.userId, userId),
        eq(familyGuardians.role, "guardian"),
      ),
    )
    .returning({ userId: familyGuardians.userId });
  return rows.length > 0;
}

/** Ends every session of the adult: a removed guardian's open tabs lose the family at once. */
export async function endAdultSessions(db: Executor, userId: string) {
  await db
    .delete(sessions)
    .where(and(sql`${sessions.sess}->>'kind' = 'parent'`, sql`${sessions.sess}->>'userId' = ${userId}`));
}
