import { monthlyPurchaseLimit } from "../../../shared/rules/plans";
import type { SubscriptionTier, Usage } from "../../../shared/schemas/usage";
import type { UserRow } from "../../db/schema";
import { monthlyPurchasesUsed } from "../budget/budget";

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
