import { monthlyPurchaseLimit } from "../../../shared/rules/plans";
import type { SubscriptionTier, Usage } from "../../../shared/schemas/usage";
import type { UserRow } from "../../db/schema";
import { startOfMonth } from "../../lib/month";

/** Purchases approved this month: the stored count belongs to the month of lastResetDate. */
export function monthlyPurchasesUsed(user: UserRow, now: Date): number {
  return user.lastResetDate >= startOfMonth(now) ? user.monthlyPurchases : 0;
}

export function toUsage(user: UserRow, now: Date): Usage {
  const tier = user.subscriptionTier as SubscriptionTier;
  return {
    tier,
    currentUsage: monthlyPurchasesUsed(user, now),
    limit: monthlyPurchaseLimit(tier, user.monthlyPurchaseLimit),
    hasSeenNudge: user.hasSeenUpgradeNudge,
    nudgeCount: user.upgradeNudgeCount,
  };
}
