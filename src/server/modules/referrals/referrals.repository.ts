import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { familyGuardians, referralCodes, referralInvites, referralRewards, referrals, users } from "../../db/schema";

export async function findCodeOf(ex: Executor, userId: string): Promise<string | null> {
  const [row] = await ex
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.userId, userId));
  return row?.code ?? null;
}

/**
 * Stores a code for the user unless they have one. Answers the code now stored for them, or null when
 * `code` is another user's (the caller draws again).
 */
export async function insertCode(ex: Executor, userId: string, code: string, now: Date): Promise<string | null> {
  const [row] = await ex
    .insert(referralCodes)
    .values({ userId, code, createdAt: now })
    .onConflictDoNothing()
    .returning({ code: referralCodes.code });
  return row?.code ?? (await findCodeOf(ex, userId));
}

export async function findCodeOwner(ex: Executor, code: string): Promise<string | null> {
  const [row] = await ex
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code));
  return row?.userId ?? null;
}

/** Records who referred the account; false when it was referred already (each account counts once). */
export async function insertReferral(ex: Executor, referredUserId: string, referrerId: string, now: Date) {
  const rows = await ex
    .insert(referrals)
    .values({ referredUserId, referrerId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: referrals.referredUserId });
  return rows.length > 0;
}

export async function countReferrals(ex: Executor, referrerId: string): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(referrals).where(eq(referrals.referrerId, referrerId));
  return row?.n ?? 0;
}

/** Claims a tier's reward; false when it was granted already (the primary key decides a race). */
export async function claimReward(ex: Executor, userId: string, tier: number, kind: string, now: Date) {
  const rows = await ex
    .insert(referralRewards)
    .values({ userId, tier, kind, grantedAt: now })
    .onConflictDoNothing()
    .returning({ tier: referralRewards.tier });
  return rows.length > 0;
}

export async function settleReward(ex: Executor, userId: string, tier: number, kind: string, details: object) {
  await ex
    .update(referralRewards)
    .set({ kind, details: details as Record<string, unknown> })
    .where(and(eq(referralRewards.userId, userId), eq(referralRewards.tier, tier)));
}

/** Gives a claim back when granting failed, so the next referral tries the tier again. */
export async function releaseReward(ex: Executor, userId: string, tier: number) {
  await ex.delete(referralRewards).where(and(eq(referralRewards.userId, userId), eq(referralRewards.tier, tier)));
}

export function listRewards(ex: Executor, userId: string) {
  return ex
    .select({ tier: referralRewards.tier, kind: referralRewards.kind, grantedAt: referralRewards.grantedAt })
    .from(referralRewards)
    .where(eq(referralRewards.userId, userId))
    .orderBy(asc(referralRewards.tier));
}

export async function findPerson(ex: Executor, userId: string) {
  const [row] = await ex
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function hasAccount(ex: Executor, email: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row !== undefined;
}

/** The family an adult acts for (its owner's id, decision 130); their own id if they have none. */
export async function familyOfUser(ex: Executor, userId: string): Promise<string> {
  const [row] = await ex
    .select({ familyId: familyGuardians.familyId })
    .from(familyGuardians)
    .where(eq(familyGuardians.userId, userId));
  return row?.familyId ?? userId;
}

/**
 * Holds a key (an address, a sender) until the transaction ends, so two invitations at once are counted one
 * after the other: rows cannot be locked before they exist. 151 keeps these keys apart from other locks.
 */
export async function lockInviteKey(ex: Executor, key: string) {
  await ex.execute(sql`select pg_advisory_xact_lock(151, hashtext(${key}))`);
}

export async function countInvitesTo(ex: Executor, email: string, since: Date): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(referralInvites)
    .where(and(eq(referralInvites.email, email), gt(referralInvites.sentAt, since)));
  return row?.n ?? 0;
}

export async function countInvitesBy(ex: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(referralInvites)
    .where(and(eq(referralInvites.userId, userId), gt(referralInvites.sentAt, since)));
  return row?.n ?? 0;
}

export async function insertInvite(ex: Executor, userId: string, email: string, now: Date): Promise<string> {
  const [row] = await ex
    .insert(referralInvites)
    .values({ userId, email, sentAt: now })
    .returning({ id: referralInvites.id });
  if (!row) throw new Error("invite insert returned no row");
  return row.id;
}

export async function deleteInvite(ex: Executor, id: string) {
  await ex.delete(referralInvites).where(eq(referralInvites.id, id));
}
