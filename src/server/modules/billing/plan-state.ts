import { type Billing, PAID_PLANS, SUSPEND_AFTER_DAYS } from "../../../shared/schemas/billing";
import type { SubscriptionTier } from "../../../shared/schemas/usage";
import type { FamilyBillingRow, PaidTier } from "../../db/schema";

/*
 * docs/decisions/150: the plan a family has now, from what Stripe last told us, what referrals granted and
 * what staff set. Pure, so every way in (a webhook, the daily sweep, staff, a reward) decides the same way.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const RANK: Record<SubscriptionTier, number> = { free: 0, family: 1, premium: 2, family_plus: 3 };

/** Statuses in which a subscription's plan is in force (a failing one only until its suspension). */
const LIVE_STATUSES = new Set(["trialing", "active", "past_due", "unpaid"]);
/** Statuses in which the family still has a subscription to manage: no new checkout, the portal instead. */
const OPEN_STATUSES = new Set(["trialing", "active", "past_due", "unpaid", "incomplete"]);

export type BillingState = Pick<
  FamilyBillingRow,
  | "subscribedPlan"
  | "status"
  | "trialEndsAt"
  | "currentPeriodEnd"
  | "cancelAtPeriodEnd"
  | "trialUsedAt"
  | "paymentFailedAt"
  | "suspendedAt"
  | "staffPlan"
  | "grantedPlan"
  | "grantedUntil"
>;

export const isPaidTier = (value: unknown): value is PaidTier => PAID_PLANS.includes(value as PaidTier);

/** When a run of failed payments moves the family to the Free plan's limits. */
export const suspensionDue = (paymentFailedAt: Date) =>
  new Date(paymentFailedAt.getTime() + SUSPEND_AFTER_DAYS * DAY_MS);

/** Whether the family has a subscription to manage rather than one to start. */
export const hasOpenSubscription = (state: BillingState | null) =>
  !!state?.status && OPEN_STATUSES.has(state.status) && !!state.subscribedPlan;

/** The highest of the plans in force: the subscription's (unless suspended), a grant still running, staff's. */
export function effectivePlan(state: BillingState | null, now: Date): SubscriptionTier {
  if (!state) return "free";
  const candidates: SubscriptionTier[] = ["free"];
  if (state.subscribedPlan && state.status && LIVE_STATUSES.has(state.status) && !state.suspendedAt) {
    candidates.push(state.subscribedPlan);
  }
  if (state.grantedPlan && state.grantedUntil && state.grantedUntil > now) candidates.push(state.grantedPlan);
  if (state.staffPlan) candidates.push(state.staffPlan);
  return candidates.reduce((best, tier) => (RANK[tier] > RANK[best] ? tier : best));
}

/** Whether a run of failed payments has lasted its 7 days and the family is not suspended yet. */
export const suspensionIsDue = (state: BillingState, now: Date) =>
  !!state.paymentFailedAt && !state.suspendedAt && suspensionDue(state.paymentFailedAt) <= now;

/** Plan time granted on top of what is granted already: a running grant is extended, at the higher plan. */
export function extendGrant(
  state: Pick<BillingState, "grantedPlan" | "grantedUntil"> | null,
  plan: PaidTier,
  months: number,
  now: Date,
): { grantedPlan: PaidTier; grantedUntil: Date } {
  const running = state?.grantedPlan && state.grantedUntil && state.grantedUntil > now ? state : null;
  const from = running?.grantedUntil ?? now;
  const until = new Date(from);
  until.setUTCMonth(until.getUTCMonth() + months);
  const grantedPlan = running?.grantedPlan && RANK[running.grantedPlan] > RANK[plan] ? running.grantedPlan : plan;
  return { grantedPlan, grantedUntil: until };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** GET /api/billing's answer. */
export function billingView(state: BillingState | null, configured: boolean, now: Date): Billing {
  const failedAt = state?.paymentFailedAt ?? null;
  const granted = state?.grantedPlan && state.grantedUntil && state.grantedUntil > now;
  return {
    configured,
    plan: effectivePlan(state, now),
    status: state?.status ?? null,
    trialEndsAt: iso(state?.status === "trialing" ? state.trialEndsAt : null),
    currentPeriodEnd: iso(state?.currentPeriodEnd),
    cancelAtPeriodEnd: state?.cancelAtPeriodEnd ?? false,
    subscribedPlan: state?.subscribedPlan ?? null,
    trialAvailable: !state?.trialUsedAt,
    paymentFailedAt: iso(failedAt),
    suspendsAt: iso(state?.suspendedAt ?? (failedAt ? suspensionDue(failedAt) : null)),
    suspended: !!state?.suspendedAt,
    grantedPlan: granted ? (state?.grantedPlan ?? null) : null,
    grantedUntil: granted ? iso(state?.grantedUntil) : null,
  };
}
