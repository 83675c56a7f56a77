import { planFor } from "@shared/rules/plans";
import type { Usage } from "@shared/schemas/usage";
import { CreditCard } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { PLANS_SECTION } from "@/lib/sections";

/** The plan, this month's approved purchases against its limit, and active children against theirs. */
export function PlanUsageCard({
  usage,
  isLoading,
  activeChildren,
  id,
}: {
  usage: Usage | undefined;
  isLoading: boolean;
  activeChildren: number;
  id?: string;
}) {
  const plan = usage ? planFor(usage.tier) : undefined;
  return (
    <Card id={id} aria-labelledby="plan-title" className="scroll-mt-24">
      <CardHeader>
        <CardTitle id="plan-title" className="flex items-center gap-2">
          <CreditCard className="h-5 w-5 text-brand-700" aria-hidden /> Plan & usage
        </CardTitle>
        <CardDescription>What your plan includes this month</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading || !usage || !plan ? (
          <Spinner label="Loading plan" />
        ) : (
          <div className="grid gap-5">
            <div className="flex items-center justify-between gap-3">
              <span className="text-sm text-slate-700">Current plan</span>
              <Badge>{plan.name}</Badge>
            </div>
            <div>
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="text-slate-700">Approved purchases this month</span>
                <span className="font-semibold text-slate-900">
                  {usage.limit === null
                    ? `${usage.currentUsage} (unlimited)`
                    : `${usage.currentUsage} of ${usage.limit}`}
                </span>
              </div>
              {usage.limit !== null && (
                <Progress
                  className="mt-2"
                  value={usage.limit > 0 ? (usage.currentUsage / usage.limit) * 100 : 100}
                  label={`${usage.currentUsage} of ${usage.limit} purchases used`}
                />
              )}
            </div>
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="text-slate-700">Active children</span>
              <span className="font-semibold text-slate-900">
                {plan.children === null ? `${activeChildren} (unlimited)` : `${activeChildren} of ${plan.children}`}
              </span>
            </div>
            {usage.tier === "free" && (
              <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
                The Family Plan adds up to 5 children and unlimited purchases.{" "}
                <a href={PLANS_SECTION.href} className="font-semibold underline">
                  Compare plans
                </a>
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
