import type { SubscriptionTier } from "../schemas/usage";

export interface PlanLimits {
  name: string;
  /** spec 001 §9: the monthly price, as the pricing grid shows it. */
  price: string;
  /** Active children allowed; null means unlimited. */
  children: number | null;
  /** Approved purchases a month; null means unlimited. */
  purchasesPerMonth: number | null;
}

// spec 000 §1 and docs/product-contract.md "Children and plans".
export const PLANS: Record<SubscriptionTier, PlanLimits> = {
  free: { name: "Free plan", price: "$0", children: 1, purchasesPerMonth: 5 },
  family: { name: "Family Plan", price: "$9.99", children: 5, purchasesPerMonth: null },
  premium: { name: "Premium plan", price: "$19.99", children: null, purchasesPerMonth: null },
  family_plus: { name: "Family Plus plan", price: "$29.99", children: null, purchasesPerMonth: null },
};

export function planFor(tier: string): PlanLimits {
  return PLANS[tier as SubscriptionTier] ?? PLANS.free;
}

/** True when one more active child fits the plan. */
export function canAddActiveChild(tier: string, activeChildren: number): boolean {
  const limit = planFor(tier).children;
  return limit === null || activeChildren < limit;
}

export function childLimitMessage(tier: string): string {
  const plan = planFor(tier);
  const next = tier === "free" ? "the Family Plan" : "Premium";
  const count = plan.children === 1 ? "1 active child" : `${plan.children} active children`;
  return `Your ${plan.name} allows ${count}. Upgrade to ${next} to add more.`;
}

/**
 * Approved purchases a month; null means unlimited. On the Free plan a parent may have an allowance of
 * their own (users.monthlyPurchaseLimit), which then counts instead of the plan's.
 */
export function monthlyPurchaseLimit(tier: string, userLimit?: number): number | null {
  const planLimit = planFor(tier).purchasesPerMonth;
  return tier === "free" ? (userLimit ?? planLimit) : planLimit;
}

/** Purchases left this month; null means unlimited. */
export function purchasesLeft(tier: string, usedThisMonth: number, userLimit?: number): number | null {
  const limit = monthlyPurchaseLimit(tier, userLimit);
  return limit === null ? null : Math.max(0, limit - usedThisMonth);
}

export function purchaseLimitMessage(tier: string, userLimit?: number): string {
  const plan = planFor(tier);
  return `Your ${plan.name} includes ${monthlyPurchaseLimit(tier, userLimit)} approved purchases a month, and they are used. Upgrade to the Family Plan for unlimited purchases.`;
}

/**
 * docs/decisions/162: with more active children than the plan allows (a suspension or a downgrade keeps them
 * all), the children added first shop and the others wait. `activeBefore` counts active children added earlier.
 */
export function mayShopOnPlan(tier: string, activeBefore: number): boolean {
  const limit = planFor(tier).children;
  return limit === null || activeBefore < limit;
}

export function shoppingPausedMessage(tier: string): string {
  const limit = planFor(tier).children ?? 0;
  const who = limit === 1 ? "1 child" : `${limit} children`;
  return `Your family's plan lets only ${who} shop right now, so your purchases are paused. Ask a parent about the family's plan.`;
}
