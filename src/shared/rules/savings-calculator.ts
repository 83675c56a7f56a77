import type { Cents } from "./money";

// spec 001 §5 and §9: the landing page's savings calculator.
export const CALCULATOR_LIMITS = {
  children: { min: 1, max: 8, step: 1 },
  monthlySpending: { min: 50, max: 1000, step: 25 },
  monthlyOverspend: { min: 0, max: 200, step: 10 },
} as const;

/** Plan price a month for a family size: Free for one child, Family Plan up to 5, Premium above. */
export function planCostCents(children: number): Cents {
  if (children <= 1) return 0;
  if (children <= 5) return 999;
  return 1999;
}

export function recommendedPlanName(children: number): "Free" | "Family Plan" | "Premium" {
  if (children <= 1) return "Free";
  if (children <= 5) return "Family Plan";
  return "Premium";
}

export interface SavingsInput {
  children: number;
  monthlySpendingCents: Cents;
  monthlyOverspendCents: Cents;
}

export interface SavingsEstimate {
  planCostCents: Cents;
  monthlySavingsCents: Cents;
  netMonthlyCents: Cents;
  annualSavingsCents: Cents;
}

/**
 * Savings a month = 80% of the overspend avoided + 5% of the spending (smarter choices);
 * net = savings - plan cost; annual = savings x 12, as the spec states it (before the plan cost).
 * Half cents round half up so every figure stays a whole number of cents.
 */
export function estimateSavings({
  children,
  monthlySpendingCents,
  monthlyOverspendCents,
}: SavingsInput): SavingsEstimate {
  const cost = planCostCents(children);
  const savings = Math.round((monthlyOverspendCents * 80 + monthlySpendingCents * 5) / 100);
  return {
    planCostCents: cost,
    monthlySavingsCents: savings,
    netMonthlyCents: savings - cost,
    annualSavingsCents: savings * 12,
  };
}
