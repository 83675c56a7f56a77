import { planFor } from "@shared/rules/plans";
import type { Billing } from "@shared/schemas/billing";

export type StatusTone = "info" | "warning" | "danger";

export interface BillingStatus {
  tone: StatusTone;
  text: string;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });

export const formatBillingDate = (iso: string) => dateFormat.format(new Date(iso));

/** Stripe's statuses under which a subscription still holds the plan (or is trying to be paid for). */
const LIVE_STATUSES = new Set(["trialing", "active", "past_due", "unpaid", "incomplete"]);

/** A live subscription is changed in Stripe's portal: a second checkout would be refused as already subscribed. */
export const hasLiveSubscription = (billing: Billing) => billing.status !== null && LIVE_STATUSES.has(billing.status);

/** The plan to name on the card: while suspended the family keeps its subscription, on the Free plan's limits. */
export const shownPlan = (billing: Billing) =>
  planFor(billing.suspended && billing.subscribedPlan ? billing.subscribedPlan : billing.plan);

/**
 * The subscription's state in words, the most pressing first: a suspension, then a failing payment, then a
 * cancellation, a trial, a renewal, and plan time granted without a subscription. Null on a plain Free plan.
 */
export function billingStatus(billing: Billing): BillingStatus | null {
  if (billing.suspended) {
    return { tone: "danger", text: "Suspended: on Free plan limits until your payment goes through." };
  }
  if (billing.paymentFailedAt) {
    const by = billing.suspendsAt ? ` by ${formatBillingDate(billing.suspendsAt)}` : "";
    return { tone: "warning", text: `Payment failed: update your card${by} to keep your plan.` };
  }
  if (hasLiveSubscription(billing)) {
    const periodEnd = billing.currentPeriodEnd ?? billing.trialEndsAt;
    if (billing.cancelAtPeriodEnd && periodEnd)
      return { tone: "info", text: `Cancels on ${formatBillingDate(periodEnd)}` };
    if (billing.status === "trialing" && billing.trialEndsAt) {
      return { tone: "info", text: `Trial ends ${formatBillingDate(billing.trialEndsAt)}` };
    }
    if (billing.currentPeriodEnd)
      return { tone: "info", text: `Renews ${formatBillingDate(billing.currentPeriodEnd)}` };
  }
  if (billing.grantedPlan && billing.grantedUntil) {
    return { tone: "info", text: `Plan granted until ${formatBillingDate(billing.grantedUntil)}` };
  }
  return null;
}
