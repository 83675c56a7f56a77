import { PLANS } from "@shared/rules/plans";
import { type CheckoutPlan, PAYMENTS_NOT_CONFIGURED, TRIAL_DAYS } from "@shared/schemas/billing";
import type { SubscriptionTier } from "@shared/schemas/usage";
import { Check, CircleAlert, Info, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { closePlanChooser, usePlanChooserState } from "@/lib/plan-chooser";
import { CONTACT_SALES_HREF, HELP_SECTION } from "@/lib/sections";
import { useBilling } from "../api/get-billing";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { useStartCheckout } from "../api/start-checkout";
import { billingRefusal, type Refusal } from "../lib/billing-refusal";
import { hasLiveSubscription } from "../lib/billing-status";

const OFFERED = ["family", "premium", "family_plus"] as const satisfies readonly SubscriptionTier[];
const RANK: Record<SubscriptionTier, number> = { free: 0, family: 1, premium: 2, family_plus: 3 };
/** The names the pricing grid gives them (spec 001 §9). */
const NAME: Record<(typeof OFFERED)[number], string> = {
  family: "Family Plan",
  premium: "Premium",
  family_plus: "Family Plus",
};

// spec 001 §9 "Plans (landing pricing grid)", the lines that tell the paid plans apart.
const LINES: Record<(typeof OFFERED)[number], readonly string[]> = {
  family: ["Up to 5 children", "Unlimited purchases", "Savings goals and achievements"],
  premium: ["Unlimited children", "Unlimited purchases", "AI insights and chore-to-budget"],
  family_plus: ["Everything in Premium", "Prepaid debit cards", "Financial coaching"],
};

const CHECKOUT_FAILED = "Could not open checkout. Please try again.";
const PORTAL_FAILED = "Could not open billing. Please try again.";

/** The plan chooser every upgrade path opens (docs/decisions/152); mounted once for a signed-in parent. */
export function PlanChooserHost() {
  const { open, suggested } = usePlanChooserState();
  return <PlanChooserDialog open={open} suggested={suggested} onOpenChange={(next) => !next && closePlanChooser()} />;
}

export function PlanChooserDialog({
  open,
  onOpenChange,
  suggested,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  suggested: CheckoutPlan | null;
}) {
  const billing = useBilling({ enabled: open });
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  // Every opening starts clean: a refusal from an earlier try is not this one's.
  const { reset: resetCheckout } = checkout;
  useEffect(() => {
    if (open) {
      setRefusal(null);
      resetCheckout();
    }
  }, [open, resetCheckout]);

  const data = billing.data;
  const trial = data?.trialAvailable ?? false;
  const notConfigured = data?.configured === false || refusal?.kind === "payments_not_configured";
  const subscribed = (data ? hasLiveSubscription(data) : false) || refusal?.kind === "already_subscribed";
  const current = data?.plan ?? "free";
  const leaving = checkout.isPending || checkout.isSuccess || portal.isPending || portal.isSuccess;
  const highlighted = suggested ?? (current === "family" ? "premium" : "family");

  const buy = (plan: CheckoutPlan) => {
    setRefusal(null);
    checkout.mutate(plan, { onError: (error) => setRefusal(billingRefusal(error, CHECKOUT_FAILED)) });
  };
  const manage = () => {
    setRefusal(null);
    portal.mutate(undefined, { onError: (error) => setRefusal(billingRefusal(error, PORTAL_FAILED)) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" data-plan-chooser="">
        <DialogTitle>Choose your plan</DialogTitle>
        <DialogDescription>
          {notConfigured
            ? "Compare what each plan includes."
            : trial
              ? `Paid plans begin with a ${TRIAL_DAYS}-day free trial, no credit card required. Cancel anytime.`
              : "Pick the plan that fits your family. Cancel anytime."}
        </DialogDescription>

        {billing.isLoading ? (
          <Spinner label="Loading plans" />
        ) : (
          <>
            {notConfigured ? (
              <div
                role="alert"
                className="mt-5 flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950"
              >
                <Info className="mt-0.5 h-5 w-5 shrink-0 text-sky-700" aria-hidden />
                <div>
                  <p>{PAYMENTS_NOT_CONFIGURED}</p>
                  <a
                    href={HELP_SECTION.href}
                    onClick={() => onOpenChange(false)}
                    className="mt-2 inline-block font-semibold text-sky-900 underline"
                  >
                    Contact support
                  </a>
                </div>
              </div>
            ) : subscribed ? (
              <div className="mt-5 flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800 sm:flex-row sm:items-center sm:justify-between">
                <p>Your family already has a subscription. Change your plan, card or invoices in Manage billing.</p>
                <Button variant="outline" className="shrink-0" onClick={manage} disabled={leaving}>
                  {portal.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
                  Manage billing
                </Button>
              </div>
            ) : null}
            {refusal && refusal.kind !== "payments_not_configured" && refusal.kind !== "already_subscribed" && (
              <p
                role="alert"
                className="mt-4 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
              >
                <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                {refusal.message}
              </p>
            )}
            <ul className="mt-5 grid gap-3 md:grid-cols-3">
              {OFFERED.map((tier) => {
                const plan = PLANS[tier];
                const titleId = `chooser-plan-${tier}`;
                const isCurrent = tier === current;
                const canBuy = tier !== "family_plus" && !notConfigured && !subscribed && RANK[tier] > RANK[current];
                return (
                  <li key={tier} className="flex">
                    <section
                      aria-labelledby={titleId}
                      className={cn(
                        "flex w-full flex-col rounded-xl border p-4",
                        tier === highlighted ? "border-2 border-brand-700" : "border-slate-200",
                        isCurrent && "bg-brand-50",
                      )}
                    >
                      <div className="flex items-start justify-between gap-2">
                        <h3 id={titleId} className="font-semibold text-slate-900">
                          {NAME[tier]}
                        </h3>
                        {isCurrent && <Badge>Your plan</Badge>}
                      </div>
                      <p className="mt-1 text-sm text-slate-600">
                        <span className="text-2xl font-bold text-slate-900">{plan.price}</span> /month
                      </p>
                      <ul className="mt-3 flex-1 space-y-1.5 text-sm text-slate-700">
                        {LINES[tier].map((line) => (
                          <li key={line} className="flex gap-2">
                            <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
                            {line}
                          </li>
                        ))}
                      </ul>
                      {tier === "family_plus"
                        ? !isCurrent && (
                            <Button asChild variant="outline" className="mt-4 w-full">
                              <Link href={CONTACT_SALES_HREF} onClick={() => onOpenChange(false)}>
                                Contact Sales
                              </Link>
                            </Button>
                          )
                        : canBuy && (
                            <Button
                              className="mt-4 w-full"
                              variant={tier === highlighted ? "default" : "outline"}
                              onClick={() => buy(tier)}
                              disabled={leaving}
                            >
                              {checkout.isPending && checkout.variables === tier && (
                                <LoaderCircle className="animate-spin" aria-hidden />
                              )}
                              {trial ? `Start ${TRIAL_DAYS}-day free trial` : `Upgrade to ${NAME[tier]}`}
                            </Button>
                          )}
                    </section>
                  </li>
                );
              })}
            </ul>
            {trial && !notConfigured && (
              <p className="mt-4 text-center text-xs text-slate-500">No card needed for the trial. Cancel anytime.</p>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
