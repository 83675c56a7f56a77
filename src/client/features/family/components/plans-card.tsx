import { PLANS } from "@shared/rules/plans";
import type { SubscriptionTier } from "@shared/schemas/usage";
import { Check } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { openPlanChooser } from "@/lib/plan-chooser";
import { CONTACT_SALES_HREF } from "@/lib/sections";

const TIERS = Object.keys(PLANS) as SubscriptionTier[];

const childrenLine = (n: number | null) =>
  n === null ? "Unlimited children" : n === 1 ? "1 child" : `Up to ${n} children`;
const purchasesLine = (n: number | null) => (n === null ? "Unlimited purchases" : `${n} purchases a month`);

/**
 * Where a signed-in parent compares plans (the landing page's grid is for visitors). Upgrade opens the plan
 * chooser, which leads to checkout or says how plans change on this server; Family Plus is sold by the team.
 */
export function PlansCard({ tier, id }: { tier: SubscriptionTier | undefined; id?: string }) {
  return (
    <Card id={id} aria-labelledby="plans-title" className="scroll-mt-24">
      <CardHeader>
        <CardTitle id="plans-title">Plans</CardTitle>
        <CardDescription>Paid plans begin with a 14-day free trial, no credit card required.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2">
          {TIERS.map((t) => {
            const plan = PLANS[t];
            const current = t === tier;
            return (
              <li
                key={t}
                className={cn(
                  "rounded-xl border p-4",
                  current ? "border-2 border-brand-700 bg-brand-50" : "border-slate-200 bg-white",
                )}
                aria-current={current ? "true" : undefined}
              >
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{plan.name}</h3>
                  {current && <Badge>Your plan</Badge>}
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  <span className="text-xl font-bold text-slate-900">{plan.price}</span> /month
                </p>
                <ul className="mt-3 space-y-1.5 text-sm text-slate-700">
                  {[childrenLine(plan.children), purchasesLine(plan.purchasesPerMonth)].map((line) => (
                    <li key={line} className="flex gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
                      {line}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <div className="mt-5 flex flex-col gap-3 rounded-lg bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">Upgrade online in a few steps. Family Plus is set up by our team.</p>
          <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
            {(tier === "free" || tier === "family") && (
              <Button onClick={() => openPlanChooser(tier === "family" ? "premium" : "family")}>Upgrade</Button>
            )}
            <Button asChild variant="outline">
              <Link href={CONTACT_SALES_HREF}>Contact Sales</Link>
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
