import { and, eq, isNotNull, isNull, lte, max, or, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client";
import { type FamilyBillingRow, familyBilling, staffAuditLog, stripeEvents, users } from "../../db/schema";

/** The family's billing row, made if missing, locked for the rest of the transaction (after the family's). */
export async function lockBilling(tx: Tx, familyId: string): Promise<FamilyBillingRow> {
  await tx.insert(familyBilling).values({ familyId }).onConflictDoNothing();
  const [row] = await tx.select().from(familyBilling).where(eq(familyBilling.familyId, familyId)).for("update");
  if (!row) throw new Error("billing row vanished");
  return row;
}

export async function readBilling(ex: Executor, familyId: string): Promise<FamilyBillingRow | null> {
  const [row] = await ex.select().from(familyBilling).where(eq(familyBilling.familyId, familyId));
  return row ?? null;
}

export async function updateBilling(tx: Tx, familyId: string, patch: Partial<FamilyBillingRow>, now: Date) {
  await tx
    .update(familyBilling)
    .set({ ...patch, updatedAt: now })
    .where(eq(familyBilling.familyId, familyId));
}

/** The plan every limit reads, kept on the owner's row (docs/decisions/130). */
export async function writePlan(tx: Tx, familyId: string, tier: string) {
  await tx.update(users).set({ subscriptionTier: tier }).where(eq(users.id, familyId));
}

export async function familyOfCustomer(ex: Executor, customerId: string): Promise<string | null> {
  const [row] = await ex
    .select({ familyId: familyBilling.familyId })
    .from(familyBilling)
    .where(eq(familyBilling.stripeCustomerId, customerId));
  return row?.familyId ?? null;
}

/** Records a Stripe event by its id; false when it was recorded before (a redelivery). */
export async function recordStripeEvent(
  ex: Executor,
  event: { id: string; type: string; created: Date; familyId: string | null; outcome: string },
): Promise<boolean> {
  const inserted = await ex.insert(stripeEvents).values(event).onConflictDoNothing().returning({ id: stripeEvents.id });
  return inserted.length > 0;
}

export async function stripeEventSeen(ex: Executor, id: string): Promise<boolean> {
  const [row] = await ex.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return !!row;
}

/** The newest invoice event applied to the family: an older one arriving late changes nothing. */
export async function newestInvoiceEvent(ex: Executor, familyId: string): Promise<Date | null> {
  const [row] = await ex
    .select({ created: max(stripeEvents.created) })
    .from(stripeEvents)
    .where(
      and(
        eq(stripeEvents.familyId, familyId),
        eq(stripeEvents.outcome, "applied"),
        sql`${stripeEvents.type} like 'invoice.%'`,
      ),
    );
  return row?.created ?? null;
}

/** Families whose plan may have changed with time alone: a suspension due, or granted plan time over. */
export async function familiesDueForReview(ex: Executor, now: Date, suspendBefore: Date): Promise<string[]> {
  const rows = await ex
    .select({ familyId: familyBilling.familyId })
    .from(familyBilling)
    .where(
      or(
        and(isNull(familyBilling.suspendedAt), lte(familyBilling.paymentFailedAt, suspendBefore)),
        and(isNotNull(familyBilling.grantedPlan), lte(familyBilling.grantedUntil, now)),
      ),
    )
    .limit(500);
  return rows.map((r) => r.familyId);
}

export async function insertStaffAudit(
  ex: Executor,
  entry: {
    adminId: string | null;
    adminEmail: string;
    action: string;
    familyId: string | null;
    details: Record<string, unknown>;
    createdAt: Date;
  },
) {
  await ex.insert(staffAuditLog).values(entry);
}
