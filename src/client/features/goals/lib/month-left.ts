import type { Child } from "@shared/schemas/children";
import { toCents } from "@/components/ui/money";

/** What the child can still spend or move into a goal this month (docs/decisions/153); never below 0. */
export function monthLeftCents(
  child: Pick<Child, "monthlyBudget" | "bonusBudget" | "currentSpent" | "savedToGoals">,
): number {
  const left =
    toCents(child.monthlyBudget) +
    toCents(child.bonusBudget) -
    toCents(child.savedToGoals) -
    toCents(child.currentSpent);
  return Math.max(0, left);
}
