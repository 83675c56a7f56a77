import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import type { SubscriptionTier } from "../../../shared/schemas/usage";
import type { Tx } from "../../db/client";
import type { FamilyBillingRow, PaidTier } from "../../db/schema";
import { inFamilyTransaction } from "../budget/budget";
import {
  insertStaffAudit,
  lockBilling,
  readBilling as readBillingRow,
  updateBilling,
  writePlan,
} from "./billing.repository";
import { billingView, effectivePlan, extendGrant, isPaidTier } from "./plan-state";

/*
 * docs/decisions/150: what other modules may do with a family's billing. Every change runs under the
 * family's lock (decision 003), then the plan in force is recomputed and written to the owner's row in the
 * same transaction, so the limits follow at once.
 */

declare module "fastify" {
  interface FastifyInstance {
    /** The Stripe client, or null when this server takes no payments. */
    stripe: Stripe | null;
  }
}

export type BillingPatch = Partial<Omit<FamilyBillingRow, "familyId" | "updatedAt">>;

/**
 * Changes a family's billing under its lock: `change` reads the locked row and answers what to change (or
 * nothing); the plan in force is written with it. Answers the row after the change and the plans before and after.
 */
export async function changeBilling<T = void>(
  app: FastifyInstance,
  familyId: string,
  change: (
    row: FamilyBillingRow,
    tx: Tx,
  ) => Promise<{ patch: BillingPatch | null; result?: T }> | { patch: BillingPatch | null; result?: T },
): Promise<{ row: FamilyBillingRow; before: SubscriptionTier; after: SubscriptionTier; result: T | undefined }> {
  return inFamilyTransaction(app, familyId, async (tx, owner) => {
    const now = app.now();
    const locked = await lockBilling(tx, familyId);
    const { patch, result } = await change(locked, tx);
    const row = patch ? { ...locked, ...patch } : locked;
    if (patch) await updateBilling(tx, familyId, patch, now);
    const before = owner.subscriptionTier as SubscriptionTier;
    const after = effectivePlan(row, now);
    if (after !== before) await writePlan(tx, familyId, after);
    return { row, before, after, result };
  });
}

/** Recomputes the plan in force (time alone can change it: a grant ending, a suspension due). */
export const recomputePlan = (app: FastifyInstance, familyId: string) =>
  changeBilling(app, familyId, () => ({ patch: null }));

/** GET /api/billing's answer for a family. */
export async function familyBilling(app: FastifyInstance, familyId: string) {
  const row = await readBillingRow(app.database.db, familyId);
  return billingView(row, app.stripe !== null, app.now());
}

export interface StaffMember {
  id: string | null;
  email: string;
}

/**
 * Staff set a family's plan by hand (`PATCH /api/admin/families/{id}/plan`), recorded with who and when.
 * "free" clears staff's plan; a paid subscription or granted time still counts (decision 150).
 */
export async function setStaffPlan(app: FastifyInstance, familyId: string, plan: SubscriptionTier, staff: StaffMember) {
  const staffPlan = isPaidTier(plan) ? plan : null;
  return changeBilling(app, familyId, async (row, tx) => {
    await insertStaffAudit(tx, {
      adminId: staff.id,
      adminEmail: staff.email,
      action: "plan.set",
      familyId,
      details: { from: row.staffPlan ?? "free", to: plan },
      createdAt: app.now(),
    });
    return { patch: { staffPlan } };
  });
}

/** Plan time granted by a referral reward when payments are not configured: extends a running grant. */
export function grantPlanTime(app: FastifyInstance, familyId: string, plan: PaidTier, months: number) {
  return changeBilling(app, familyId, (row) => ({ patch: extendGrant(row, plan, months, app.now()) }));
}

/** The family's Stripe customer, or null (it has never started a checkout). */
export async function stripeCustomerOf(app: FastifyInstance, familyId: string): Promise<string | null> {
  return (await readBillingRow(app.database.db, familyId))?.stripeCustomerId ?? null;
}

/** Records what a staff member did (refunds and other changes made outside this module). */
export const recordStaffAction = (
  app: FastifyInstance,
  entry: { staff: StaffMember; action: string; familyId: string | null; details: Record<string, unknown> },
) =>
  insertStaffAudit(app.database.db, {
    adminId: entry.staff.id,
    adminEmail: entry.staff.email,
    action: entry.action,
    familyId: entry.familyId,
    details: entry.details,
    createdAt: app.now(),
  });
