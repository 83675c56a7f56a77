import { type Cents, percentSpent } from "./money";

// spec 000 §2 and §9: the bar turns amber above 75 percent spent and red above 90 percent, with a warning.
export const AMBER_ABOVE_PERCENT = 75;
export const RED_ABOVE_PERCENT = 90;

export type BudgetTone = "green" | "amber" | "red";

export interface BudgetStatus {
  /** Share of the budget spent, unclamped (over 100 when overspent). */
  percent: number;
  tone: BudgetTone;
  /** True when the "Almost out of budget!" warning shows. */
  warning: boolean;
  /** Budget minus spending; negative when overspent. */
  leftCents: Cents;
}

export function budgetTone(percent: number): BudgetTone {
  if (percent > RED_ABOVE_PERCENT) return "red";
  if (percent > AMBER_ABOVE_PERCENT) return "amber";
  return "green";
}

export function budgetStatus(spentCents: Cents, budgetCents: Cents): BudgetStatus {
  const percent = percentSpent(spentCents, budgetCents);
  const tone = budgetTone(percent);
  return { percent, tone, warning: tone === "red", leftCents: budgetCents - spentCents };
}
