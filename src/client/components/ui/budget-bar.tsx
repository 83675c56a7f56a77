import { type BudgetTone, budgetStatus } from "@shared/rules/budget-status";
import { cn } from "@/lib/cn";
import { Progress } from "./progress";

export const TONE_BAR_CLASS: Record<BudgetTone, string> = {
  green: "bg-emerald-600",
  amber: "bg-amber-500",
  red: "bg-red-600",
};

/** A spending bar coloured by the spec's thresholds (spec 000 §2). */
export function BudgetBar({
  spentCents,
  budgetCents,
  label,
  className,
}: {
  spentCents: number;
  budgetCents: number;
  label: string;
  className?: string;
}) {
  const status = budgetStatus(spentCents, budgetCents);
  return (
    <Progress
      value={status.percent}
      label={label}
      className={cn(className)}
      barClassName={TONE_BAR_CLASS[status.tone]}
    />
  );
}
