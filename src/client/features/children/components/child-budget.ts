import type { Child } from "@shared/schemas/children";
import { toCents } from "@/components/ui/money";

/** spec 000 §2: the month's budget is the monthly budget plus confirmed chore rewards. */
export function childBudget(child: Pick<Child, "monthlyBudget" | "bonusBudget" | "currentSpent">) {
  const budgetCents = toCents(child.monthlyBudget) + toCents(child.bonusBudget);
  const spentCents = toCents(child.currentSpent);
  return { budgetCents, spentCents, leftCents: budgetCents - spentCents };
}
