import { PAYMENTS_NOT_CONFIGURED, TRIAL_DAYS } from "@shared/schemas/billing";
import { CircleAlert, Info, LoaderCircle, Receipt } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { openPlanChooser } from "@/lib/plan-chooser";
import { HELP_SECTION } from "@/lib/sections";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { useBillingAfterCheckout } from "../api/use-checkout-return";
import { billingRefusal, type Refusal } from "../lib/billing-refusal";
import { billingStatus, hasLiveSubscription, type StatusTone, shownPlan } from "../lib/billing-status";

const TONE: Record<StatusTone, string> = {
  info: "text-slate-700",
  warning: "rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950",
  danger: "rounded-lg border border-red-200 bg-red-50 p-3 text-red-900",
};

/** The Parent Center's billing card (`/parent#billing`, where the payment e-mails lead): plan, state and ways on. */
export function BillingCard({ id = "billing" }: { id?: string }) {
  const { billing, phase } = useBillingAfterCheckout();
  const portal = useOpenBillingPortal();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const manage = () => {
    setRefusal(null);
    portal.mutate(undefined, {
      onError: (error) => setRefusal(billingRefusal(error, "Could not open billing. Please try again.")),
    });
  };

  const data = billing.data;
  const plan = data ? shownPlan(data) : null;
  const status = data ? billingStatus(data) : null;
  const live = data ? hasLiveSubscription(data) : false;
  // Premium and Family Plus have nothing above them to buy online; a live subscription changes in the portal.
  const canUpgrade = !!data && !live && (data.plan === "free" || data.plan === "family");
  // A family that ever subscribed has a Stripe customer: its invoices and card stay in the portal.
  const canManage = !!data && (data.status !== null || data.paymentFailedAt !== null || data.suspended);
  const notConfigured = data?.configured === false || refusal?.kind === "payments_not_configured";

  return (
    <Card id={id} aria-labelledby="billing-title" className="scroll-mt-24">
      <CardHeader>
        <CardTitle id="billing-title" className="flex items-center gap-2">
          <Receipt className="h-5 w-5 text-brand-700" aria-hidden /> Billing
        </CardTitle>
        <CardDescription>Your plan and how it is paid</CardDescription>
      </CardHeader>
      <CardContent>
        {billing.isLoading ? (
          <Spinner label="Loading billing" />
        ) : !data || !plan ? (
          <div className="grid gap-3 text-sm text-slate-700">
            <p>Billing could not be loaded.</p>
            <Button variant="outline" className="justify-self-start" onClick={() => billing.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="grid gap-4">
            {phase === "confirming" && (
              <p role="status" className="flex items-center gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
                <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden /> Confirming your payment...
              </p>
            )}
            {phase === "slow" && (
              <div role="status" className="grid gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
                <p>Your checkout is done; your plan will show here within a few minutes.</p>
                <Button variant="outline" size="sm" className="justify-self-start" onClick={() => billing.refetch()}>
                  Check again
                </Button>
              </div>
            )}
            <div className="flex items-baseline justify-between gap-3">
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <p className="text-sm text-slate-600">
                <span className="text-xl font-bold text-slate-900">{plan.price}</span> /month
              </p>
            </div>
            {status && (
              <p className={cn("flex gap-2 text-sm", TONE[status.tone])}>
                {status.tone !== "info" && <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}
                {status.text}
              </p>
            )}
            {!status && data.plan === "free" && data.trialAvailable && !notConfigured && (
              <p className="text-sm text-slate-700">
                Try the Family Plan free for {TRIAL_DAYS} days, no credit card required.
              </p>
            )}
            {notConfigured ? (
              <div className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
                <Info className="mt-0.5 h-4 w-4 shrink-0 text-sky-700" aria-hidden />
                <p>
                  {PAYMENTS_NOT_CONFIGURED}{" "}
                  <a href={HELP_SECTION.href} className="font-semibold underline">
                    Contact support
                  </a>
                </p>
              </div>
            ) : (
              (canUpgrade || canManage) && (
                <div className="flex flex-col gap-2 sm:flex-row">
                  {canUpgrade && (
                    <Button onClick={() => openPlanChooser(data.plan === "family" ? "premium" : "family")}>
                      Upgrade
                    </Button>
                  )}
                  {canManage && (
                    <Button variant="outline" onClick={manage} disabled={portal.isPending || portal.isSuccess}>
                      {portal.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
                      Manage billing
                    </Button>
                  )}
                </div>
              )
            )}
            {refusal && refusal.kind !== "payments_not_configured" && (
              <p role="alert" className="text-sm text-red-800">
                {refusal.message}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
