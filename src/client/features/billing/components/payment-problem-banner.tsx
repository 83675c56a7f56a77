import { CircleAlert, LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { useBilling } from "../api/get-billing";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { billingRefusal } from "../lib/billing-refusal";
import { formatBillingDate, shownPlan } from "../lib/billing-status";

/**
 * On the Family Dashboard while a payment is failing or the family is suspended for it (the legal pages'
 * seven days): what happens, by when, and the way to fix the card. Nothing shows otherwise.
 */
export function PaymentProblemBanner() {
  const { data } = useBilling();
  const portal = useOpenBillingPortal();
  if (!data || (!data.paymentFailedAt && !data.suspended)) return null;

  const planName = shownPlan(data).name;
  const text = data.suspended
    ? `Your payment has not gone through, so your family is on the Free plan's limits until it does. Nothing has been deleted: update your card to get your ${planName} back at once.`
    : `Your latest payment did not go through. Update your card${data.suspendsAt ? ` by ${formatBillingDate(data.suspendsAt)}` : ""} to keep your ${planName}.`;

  const manage = () =>
    portal.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Could not open billing",
          description: billingRefusal(error, "Please try again in a moment.").message,
        }),
    });

  return (
    <section
      aria-labelledby="payment-problem-title"
      className={
        data.suspended
          ? "mb-6 flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950 sm:flex-row sm:items-center sm:justify-between"
          : "mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
      }
    >
      <div className="flex gap-3">
        <CircleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <div>
          <h2 id="payment-problem-title" className="font-semibold">
            {data.suspended ? "Your plan is paused" : "Your payment did not go through"}
          </h2>
          <p className="mt-1 text-sm">{text}</p>
        </div>
      </div>
      <Button className="shrink-0" onClick={manage} disabled={portal.isPending || portal.isSuccess}>
        {portal.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
        Manage billing
      </Button>
    </section>
  );
}
