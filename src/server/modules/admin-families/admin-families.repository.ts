import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { SubscriptionTier } from "../../../shared/schemas/usage";
import type { Executor } from "../../db/client";
import { children, families, familyBilling, familyGuardians, referrals, staffAuditLog, users } from "../../db/schema";
import { startsWithPattern } from "../../lib/starts-with";
import { parentName } from "../auth/users.repository";

const childrenCount =
  sql<number>`(select count(*) from ${children} where ${children.parentId} = ${families.id})`.mapWith(Number);
/** Referrals made by any of the family's adults: each keeps their own link (spec 001 §9). */
const referralsCount = sql<number>`(
  select count(*) from ${referrals}
  join ${familyGuardians} on ${familyGuardians.userId} = ${referrals.referrerId}
  where ${familyGuardians.familyId} = ${families.id}
)`.mapWith(Number);

export interface FamilyListRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  plan: string;
  status: string | null;
  trialEndsAt: Date | null;
  childrenCount: number;
  referralsCount: number;
  createdAt: Date;
}

/**
 * Families newest first, `limit + 1` rows so the caller knows whether a next page exists. `email` matches
 * any of the family's adults (the owner is one of them) by the start of the address, in any letter case.
 * The cursor is the last family of the page before; an unknown one leaves nothing older to show.
 */
export async function listFamilies(
  db: Executor,
  query: { email?: string; limit: number; cursor?: string },
): Promise<FamilyListRow[]> {
  const conditions: SQL[] = [];
  if (query.email) {
    const pattern = startsWithPattern(query.email);
    // The owner's own address too: an owner who joined another family is no longer among this one's adults.
    // Written as the matching adults first, through the index on lower(email), and then their families:
    // a test per family row would read every family when few match.
    conditions.push(sql`${families.id} in (
      select u.id from ${users} u where lower(u.email) like ${pattern}
      union
      select g.family_id from ${familyGuardians} g join ${users} u on u.id = g.user_id where lower(u.email) like ${pattern}
    )`);
  }
  if (query.cursor) {
    conditions.push(
      sql`(${families.createdAt}, ${families.id}) < (select f.created_at, f.id from ${families} f where f.id = ${query.cursor})`,
    );
  }
  return db
    .select({
      id: families.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      plan: users.subscriptionTier,
      status: familyBilling.status,
      trialEndsAt: familyBilling.trialEndsAt,
      childrenCount,
      referralsCount,
      createdAt: families.createdAt,
    })
    .from(families)
    .innerJoin(users, eq(users.id, families.id))
    .leftJoin(familyBilling, eq(familyBilling.familyId, families.id))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(families.createdAt), desc(families.id))
    .limit(query.limit + 1);
}

export async function findFamily(db: Executor, familyId: string) {
  const [row] = await db
    .select({
      id: families.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: families.createdAt,
      childrenCount,
      staffPlan: familyBilling.staffPlan,
    })
    .from(families)
    .innerJoin(users, eq(users.id, families.id))
    .leftJoin(familyBilling, eq(familyBilling.familyId, families.id))
    .where(eq(families.id, familyId));
  return row ?? null;
}

export async function familyGuardiansOf(db: Executor, familyId: string) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: familyGuardians.role,
    })
    .from(familyGuardians)
    .innerJoin(users, eq(users.id, familyGuardians.userId))
    .where(eq(familyGuardians.familyId, familyId))
    // The owner first, then the others in the order they joined.
    .orderBy(sql`${familyGuardians.role} = 'owner' desc`, asc(familyGuardians.createdAt));
  return rows.map((r) => ({ id: r.id, email: r.email, name: parentName(r), role: r.role }));
}

const REFERRED_SHOWN = 50;

/** The accounts the family's adults referred, newest first, and how many there are in all. */
export async function referralsOf(db: Executor, familyId: string) {
  const byFamily = and(eq(familyGuardians.familyId, familyId), eq(familyGuardians.userId, referrals.referrerId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        createdAt: referrals.createdAt,
      })
      .from(referrals)
      .innerJoin(familyGuardians, byFamily)
      .innerJoin(users, eq(users.id, referrals.referredUserId))
      .orderBy(desc(referrals.createdAt), desc(referrals.referredUserId))
      .limit(REFERRED_SHOWN),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(referrals)
      .innerJoin(familyGuardians, byFamily),
  ]);
  return {
    count: total?.n ?? 0,
    referred: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: parentName(r),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export type AuditRow = typeof staffAuditLog.$inferSelect;

/** Staff changes newest first, `limit + 1` rows for the next-page check; optionally one family's only. */
export async function listAudit(
  db: Executor,
  query: { limit: number; cursor?: string; familyId?: string },
): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (query.familyId) conditions.push(eq(staffAuditLog.familyId, query.familyId));
  if (query.cursor) {
    conditions.push(
      sql`(${staffAuditLog.createdAt}, ${staffAuditLog.id}) < (select a.created_at, a.id from ${staffAuditLog} a where a.id = ${query.cursor})`,
    );
  }
  return db
    .select()
    .from(staffAuditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
    .limit(query.limit + 1);
}

export const toAuditEntry = (row: AuditRow) => ({
  id: row.id,
  adminId: row.adminId,
  adminEmail: row.adminEmail,
  action: row.action,
  familyId: row.familyId,
  details: row.details,
  createdAt: row.createdAt.toISOString(),
});

export const toFamilyRow = (row: FamilyListRow) => ({
  id: row.id,
  ownerEmail: row.email,
  ownerName: parentName(row),
  plan: row.plan as SubscriptionTier,
  status: row.status,
  trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
  childrenCount: row.childrenCount,
  referralsCount: row.referralsCount,
  createdAt: row.createdAt.toISOString(),
});
