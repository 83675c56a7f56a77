import { type Cents, formatDollars } from "./money";

/** What a cart brings to one of the child's budget categories. */
export interface CategoryShare {
  name: string;
  isRestricted: boolean;
  /** 0 means the category has no monthly limit. */
  monthlyLimit: Cents;
  /** Spent in the category this month, before this cart. */
  spent: Cents;
  /** This cart's amount in the category. */
  amount: Cents;
}

export interface AutoApprovalInput {
  total: Cents;
  autoApprovalLimit: Cents;
  /** Spent this month before this cart. */
  spent: Cents;
  /** This month's budget including confirmed chore rewards. */
  budget: Cents;
  requireApprovalForAll: boolean;
  /** Approved purchases the parent's plan has left this month; null means unlimited. */
  purchasesLeft: number | null;
  /** Every category one of the cart's items names, even with a zero amount. */
  categories: CategoryShare[];
}

export interface AutoApprovalDecision {
  approved: boolean;
  /** Shown to the child and the parent, so every outcome says why. */
  reason: string;
}

/**
 * docs/product-contract.md "Carts: the purchase flow": a new cart is approved at once only when every rule allows it; otherwise it
 * waits for a parent. Rules are checked from the parent's firmest choice to the month's running figures,
 * so the reason names the rule a parent would change first.
 */
export function decideAutoApproval(input: AutoApprovalInput): AutoApprovalDecision {
  const needsParent = (why: string) => ({ approved: false, reason: `Needs a parent: ${why}` });
  if (input.requireApprovalForAll) return needsParent("every purchase needs approval");
  // Any item there counts, even a free one: the parent restricted what is bought, not what it costs.
  const restricted = input.categories.find((c) => c.isRestricted);
  if (restricted) return needsParent(`${restricted.name} is a restricted category`);
  if (input.purchasesLeft !== null && input.purchasesLeft <= 0) {
    return needsParent("this month's plan purchases are used");
  }
  if (input.total > input.autoApprovalLimit) {
    return needsParent(`over the ${formatDollars(input.autoApprovalLimit)} auto-approval limit`);
  }
  if (input.spent + input.total > input.budget) return needsParent("would go over this month's budget");
  const overCategory = input.categories.find((c) => c.monthlyLimit > 0 && c.spent + c.amount > c.monthlyLimit);
  if (overCategory) {
    return needsParent(
      `would go over the ${formatDollars(overCategory.monthlyLimit)} monthly limit for ${overCategory.name}`,
    );
  }
  return {
    approved: true,
    reason: `Approved automatically: under your ${formatDollars(input.autoApprovalLimit)} limit`,
  };
}
