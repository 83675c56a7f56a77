import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { ChildConsent, ConsentReview } from "../../../shared/schemas/child-consents";
import type { Executor } from "../../db/client";
import {
  type ChildConsentRow,
  type ConsentRecordStatus,
  type ConsentStatus,
  childConsents,
  children,
} from "../../db/schema";
import { isUuid } from "../../lib/http-errors";
import { newestFirst, olderThan, type Page } from "../../lib/paging";

/** Records still waiting for their verification: a new consent for the same child replaces them. */
const UNDECIDED: ConsentRecordStatus[] = ["awaiting_payment", "pending"];

export async function insertConsent(ex: Executor, row: typeof childConsents.$inferInsert) {
  const [inserted] = await ex.insert(childConsents).values(row).returning();
  if (!inserted) throw new Error("consent insert returned no row");
  return inserted;
}

export async function replaceUndecided(ex: Executor, childId: string, now: Date) {
  await ex
    .update(childConsents)
    .set({ status: "replaced", decidedAt: now })
    .where(and(eq(childConsents.childId, childId), inArray(childConsents.status, UNDECIDED)));
}

export const setCheckoutSession = (ex: Executor, id: string, checkoutSessionId: string) =>
  ex.update(childConsents).set({ checkoutSessionId }).where(eq(childConsents.id, id));

export const deleteConsent = (ex: Executor, id: string) => ex.delete(childConsents).where(eq(childConsents.id, id));

/** A child's consents, newest first, `limit + 1` of them for the next-page check (docs/decisions/164). */
export const listChildConsents = (ex: Executor, childId: string, page: Page) =>
  ex
    .select()
    .from(childConsents)
    .where(and(eq(childConsents.childId, childId), olderThan(childConsents, page.cursor)))
    .orderBy(...newestFirst(childConsents))
    .limit(page.limit + 1);

export async function findConsent(ex: Executor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await ex.select().from(childConsents).where(eq(childConsents.id, id));
  return row ?? null;
}

/**
 * Decides a record only while it is still `from`: the condition in the statement is what keeps two staff
 * members, or a webhook delivered twice, from deciding it twice. Answers the decided row or null.
 */
export async function decideConsent(
  ex: Executor,
  id: string,
  from: ConsentRecordStatus,
  to: ConsentRecordStatus,
  fields: Partial<Pick<ChildConsentRow, "decidedAt" | "decidedBy" | "rejectionReason" | "paymentIntentId">>,
) {
  const [row] = await ex
    .update(childConsents)
    .set({ status: to, ...fields })
    .where(and(eq(childConsents.id, id), eq(childConsents.status, from)))
    .returning();
  return row ?? null;
}

/** Withdraws what a parent can withdraw: the verified consent and any still waiting. */
export const withdrawChildConsents = (ex: Executor, childId: string, now: Date) =>
  ex
    .update(childConsents)
    .set({ status: "withdrawn", withdrawnAt: now })
    .where(and(eq(childConsents.childId, childId), inArray(childConsents.status, ["verified", ...UNDECIDED])))
    .returning({ id: childConsents.id });

export async function setChildConsentStatus(ex: Executor, childId: string, status: ConsentStatus, now: Date) {
  await ex.update(children).set({ consentStatus: status, updatedAt: now }).where(eq(children.id, childId));
}

/** Staff's queue: waiting ones oldest first (fair), decided ones newest first; by a cursor. */
export async function listReviews(
  ex: Executor,
  opts: { status: "pending" | "decided"; limit: number; cursor: ChildConsentRow | null },
) {
  const waiting = opts.status === "pending";
  const statusFilter = waiting
    ? eq(childConsents.status, "pending")
    : inArray(childConsents.status, ["verified", "rejected", "withdrawn"]);
  const c = opts.cursor;
  const after = c
    ? waiting
      ? or(
          sql`${childConsents.createdAt} > ${c.createdAt}`,
          and(eq(childConsents.createdAt, c.createdAt), sql`${childConsents.id} > ${c.id}`),
        )
      : or(
          lt(childConsents.createdAt, c.createdAt),
          and(eq(childConsents.createdAt, c.createdAt), lt(childConsents.id, c.id)),
        )
    : undefined;
  return ex
    .select({ consent: childConsents, childName: children.name, childAge: children.age })
    .from(childConsents)
    .innerJoin(children, eq(children.id, childConsents.childId))
    .where(and(statusFilter, after))
    .orderBy(
      waiting ? childConsents.createdAt : desc(childConsents.createdAt),
      waiting ? childConsents.id : desc(childConsents.id),
    )
    .limit(opts.limit + 1);
}

export async function findReview(ex: Executor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await ex
    .select({ consent: childConsents, childName: children.name, childAge: children.age })
    .from(childConsents)
    .innerJoin(children, eq(children.id, childConsents.childId))
    .where(eq(childConsents.id, id));
  return row ?? null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toChildConsent = (row: ChildConsentRow): ChildConsent => ({
  id: row.id,
  childId: row.childId,
  reference: row.reference,
  method: row.method,
  status: row.status,
  fullName: row.fullName,
  email: row.email,
  phone: row.phone,
  relationship: row.relationship as ChildConsent["relationship"],
  dataCollection: row.dataCollection,
  educational: row.educational,
  thirdParty: row.thirdParty,
  marketing: row.marketing,
  createdAt: row.createdAt.toISOString(),
  decidedAt: iso(row.decidedAt),
  rejectionReason: row.rejectionReason,
  withdrawnAt: iso(row.withdrawnAt),
});

export const toReview = (r: { consent: ChildConsentRow; childName: string; childAge: number }): ConsentReview => ({
  ...toChildConsent(r.consent),
  familyId: r.consent.familyId,
  childName: r.childName,
  childAge: r.childAge,
  signature: r.consent.signature,
  decidedBy: r.consent.decidedBy,
});
