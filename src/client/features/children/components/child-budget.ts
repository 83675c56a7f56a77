import type { Child } from "@shared/schemas/children";
import { toCents } from "@/components/ui/money";

/**
 * spec 000 §2: the month's budget is the monthly budget plus confirmed chore rewards, less what moved into
 * savings goals this month (docs/decisions/153: below 0 when a deleted goal gave money back).
 */
export function childBudget(child: Pick<Child, "monthlyBudget" | "bonusBudget" | "currentSpent" | "savedToGoals">) {
  const savedCents = toCents(child.savedToGoals);
  const budgetCents = toCents(child.monthlyBudget) + toCents(child.bonusBudget) - savedCents;
  const spentCents = toCents(child.currentSpent);
  return { budgetCents, spentCents, savedCents, leftCents: budgetCents - spentCents };
}
