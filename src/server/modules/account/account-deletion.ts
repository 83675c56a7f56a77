import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client";
import {
  carts,
  checkoutSessions,
  children,
  events,
  familyGuardians,
  familyInvitations,
  idempotentResponses,
  newsletterSubscribers,
  outboundMessages,
  rateLimits,
  sessions,
  users,
  webhookEvents,
} from "../../db/schema";
import { lockUser, startOwnFamily } from "../auth/users.repository";
import { lockGuardian } from "../family/family.repository";
import { type Notice, queueNotices } from "./account-notices";

/*
 * docs/decisions/158: DELETE /api/account. Most of a family's rows go by their foreign keys when the owner's
 * account row goes (users -> families -> children -> carts, chores, goals, ...; users -> tickets, referrals,
 * push devices, tokens). What follows deletes, in the same transaction, what no foreign key reaches:
 * - sessions: `sess` is JSON naming a userId (adults) or a childId and parentId (children);
 * - events: family_id and child_id carry no foreign key (the stream's table is written on every change);
 * - outbound_messages: intents and invitations name the family in their payload, not by user_id;
 * - idempotent_responses: keyed "{familyId}:{Idempotency-Key}", holding copies of the family's carts;
 * - webhook_events: a partner store's deliveries carry the cart's id in their body (the checkout session
 *   itself stays the store's, its cart_id set null by its foreign key);
 * - rate_limits: keys ending ":{account id}" or ":{e-mail}";
 * - newsletter_subscribers: the departing adult's own address, so no more newsletters go to it.
 * stripe_events and staff_audit_log keep their rows with family_id set null by their foreign keys: they record
 * the payment provider's events and staff's actions, and name nobody once the family is gone.
 */

export interface Departed {
  userId: string;
  email: string;
  firstName: string | null;
}

export interface DeletedFamily {
  owner: Departed;
  /** The other guardians: each keeps their own account, with an empty family of their own again. */
  guardians: Departed[];
  children: number;
}

/** Rate-limit keys that end with one of `values` after a colon (account ids, e-mails). */
const keysEndingWith = (values: string[]) =>
  or(...values.map((value) => sql`right(${rateLimits.key}, ${value.length + 1}) = ${`:${value}`}`));

/** Every sign-in of these adults ends: their sessions name them in `sess`. */
async function endAdultSessions(db: Executor, userIds: string[]) {
  await db
    .delete(sessions)
    .where(and(sql`${sessions.sess}->>'kind' = 'parent'`, inArray(sql`${sessions.sess}->>'userId'`, userIds)));
}

/** What only an adult's id or address reaches: their sessions, counters and newsletter sign-up. */
async function deleteAdultTraces(db: Executor, adult: Departed) {
  await endAdultSessions(db, [adult.userId]);
  const email = adult.email.toLowerCase();
  await db.delete(rateLimits).where(keysEndingWith([adult.userId, email]));
  await db.delete(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, email));
}

/**
 * Deletes the family whose owner is `familyId` and every row of it, in one transaction under the family's
 * lock (the owner's row, decision 003). The other guardians' sessions end too; they keep their accounts.
 * Answers null when the family is already gone.
 */
export async function deleteFamily(
  db: Db,
  familyId: string,
  notices: (deleted: DeletedFamily) => Notice[],
): Promise<DeletedFamily | null> {
  return db.transaction(async (tx) => {
    const owner = await lockUser(tx, familyId);
    if (!owner) return null;
    const members = await tx
      .select({ userId: familyGuardians.userId, email: users.email, firstName: users.firstName })
      .from(familyGuardians)
      .innerJoin(users, eq(users.id, familyGuardians.userId))
      .where(and(eq(familyGuardians.familyId, familyId), ne(familyGuardians.userId, familyId)));
    const childIds = (await tx.select({ id: children.id }).from(children).where(eq(children.parentId, familyId))).map(
      (c) => c.id,
    );

    for (const guardian of members) await startOwnFamily(tx, guardian.userId);
    await endAdultSessions(tx, [familyId, ...members.map((g) => g.userId)]);
    await tx
      .delete(sessions)
      .where(
        and(
          sql`${sessions.sess}->>'kind' = 'child'`,
          or(
            sql`${sessions.sess}->>'parentId' = ${familyId}`,
            childIds.length ? inArray(sql`${sessions.sess}->>'childId'`, childIds) : undefined,
          ),
        ),
      );
    await tx.delete(events).where(eq(events.familyId, familyId));
    await tx.delete(outboundMessages).where(sql`${outboundMessages.payload}->>'familyId' = ${familyId}`);
    await tx.delete(idempotentResponses).where(sql`starts_with(${idempotentResponses.key}, ${`${familyId}:`})`);
    if (childIds.length) {
      const familyCarts = tx.select({ id: carts.id }).from(carts).where(inArray(carts.childId, childIds));
      const sessionsOfCarts = tx
        .select({ id: checkoutSessions.id })
        .from(checkoutSessions)
        .where(inArray(checkoutSessions.cartId, familyCarts));
      await tx.delete(webhookEvents).where(inArray(webhookEvents.checkoutSessionId, sessionsOfCarts));
      await tx.delete(rateLimits).where(keysEndingWith(childIds));
    }
    const departed: Departed = { userId: owner.id, email: owner.email, firstName: owner.firstName };
    await deleteAdultTraces(tx, departed);
    // The rest goes by foreign keys from the owner's account row.
    await tx.delete(users).where(eq(users.id, familyId));
    const deleted = { owner: departed, guardians: members, children: childIds.length };
    // The receipts name no family, so they outlive it in the outbox, the one thing of it left.
    await queueNotices(tx, notices(deleted));
    return deleted;
  });
}

/**
 * A guardian who is not the owner deletes their account: they leave the family, which stays, and their own
 * account goes. Answers null when they are no longer a guardian of `familyId` (removed meanwhile).
 */
export async function leaveFamily(
  db: Db,
  familyId: string,
  userId: string,
  notices: (left: Departed, owner: Departed | null) => Notice[],
): Promise<Departed | null> {
  return db.transaction(async (tx) => {
    // The family's lock first, as every family write takes it, then the guardian's own rows.
    const owner = await lockUser(tx, familyId);
    const membership = await lockGuardian(tx, userId);
    if (!membership || membership.familyId !== familyId || membership.role === "owner") return null;
    const user = await lockUser(tx, userId);
    if (!user) return null;
    const departed: Departed = { userId, email: user.email, firstName: user.firstName };
    const email = user.email.toLowerCase();
    // The invitation that brought them in names their address; the family keeps no copy of it.
    await tx
      .delete(familyInvitations)
      .where(and(eq(familyInvitations.familyId, familyId), eq(familyInvitations.email, email)));
    await tx
      .delete(outboundMessages)
      .where(
        and(
          eq(outboundMessages.type, "guardian.invitation"),
          sql`${outboundMessages.payload}->>'familyId' = ${familyId}`,
          sql`lower(${outboundMessages.payload}->>'email') = ${email}`,
        ),
      );
    await deleteAdultTraces(tx, departed);
    // Their membership, devices, preferences, tokens, tickets and referrals go by foreign keys; what they
    // decided stays the family's, with decided_by set null.
    await tx.delete(users).where(eq(users.id, userId));
    const ownerAddress = owner ? { userId: owner.id, email: owner.email, firstName: owner.firstName } : null;
    await queueNotices(tx, notices(departed, ownerAddress));
    return departed;
  });
}
