import { type NudgeType, nudgeFor } from "@shared/rules/nudge";
import { TRIAL_DAYS } from "@shared/schemas/billing";
import type { Usage } from "@shared/schemas/usage";
import { useQuery } from "@tanstack/react-query";
import { Crown, Sparkles, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/hooks/use-toast";
import { useAuth } from "@/lib/auth";
import { billingQueryOptions } from "@/lib/billing-query";
import { openPlanChooser } from "@/lib/plan-chooser";
import { useDismissNudge } from "../api/dismiss-nudge";
import { useUsage } from "../api/get-usage";
import { useRecordUpgradeClick } from "../api/record-upgrade-click";

/**
 * `trial`: the family has never had one (a family gets one trial), so the offer may promise it; otherwise
 * the same words without a promise the checkout would not keep.
 */
const COPY: Record<
  NudgeType,
  { title: string; body: (u: UsageWithLimit, trial: boolean) => string; cta: (trial: boolean) => string }
> = {
  soft: {
    title: "Your family is getting the hang of it!",
    body: (u, trial) =>
      `You've used ${u.currentUsage} of your ${u.limit} free purchases this month. The Family Plan gives you unlimited purchases and up to 5 children.${trial ? ` Try it free for ${TRIAL_DAYS} days.` : ""}`,
    cta: (trial) => (trial ? "Start free trial" : "See plans"),
  },
  hard: {
    title: "Almost out of free purchases",
    body: (u, trial) =>
      `Only ${u.limit - u.currentUsage} of your ${u.limit} free purchases left this month. Upgrade so your children's requests keep going through.${trial ? ` Try it free for ${TRIAL_DAYS} days.` : ""}`,
    cta: () => "Upgrade now",
  },
  limit_reached: {
    title: "You've used all your free purchases",
    body: (u, trial) =>
      `All ${u.limit} free purchases for this month are used, so no more carts can be approved until next month. Upgrade to keep approving${trial ? `: the first ${TRIAL_DAYS} days are free.` : "."}`,
    cta: () => "Upgrade to keep approving",
  },
};

const ICONS: Record<NudgeType, typeof Sparkles> = { soft: Sparkles, hard: TriangleAlert, limit_reached: Crown };

type UsageWithLimit = Usage & { limit: number };

/**
 * spec 000 §4 "Usage nudge": the upgrade modal for a Free parent, polled every 30 s.
 * Closing or "Maybe Later" records a dismissal; the modal then stays closed for this
 * visit until the month's usage changes, since a hard nudge may still be due after one dismissal.
 */
export function UsageNudge() {
  // The same signed-in-parent probe as the header's; only a parent has plan usage.
  const signedIn = useAuth().isAuthenticated;
  const { data: usage } = useUsage({ enabled: signedIn, poll: true });
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const dismiss = useDismissNudge();
  const upgrade = useRecordUpgradeClick();

  const type = usage && usage.limit !== null ? nudgeFor(usage) : null;
  // Read only when a nudge is due; until it answers, the offer reads as the spec's (a new family's).
  const { data: billing } = useQuery({ ...billingQueryOptions(), enabled: signedIn && type !== null });
  const trial = billing?.trialAvailable ?? true;
  if (!signedIn || !usage || usage.limit === null || !type) return null;
  const visitKey = `${type}:${usage.currentUsage}`;
  if (closedAt === visitKey) return null;
  const current = { ...usage, limit: usage.limit };

  const onDismiss = () => {
    setClosedAt(visitKey);
    dismiss.mutate(undefined, {
      onError: () => toast({ variant: "destructive", title: "Error", description: "Failed to dismiss nudge" }),
    });
  };
  const onUpgrade = () => {
    setClosedAt(visitKey);
    upgrade.mutate(undefined, {
      // spec 000 §4 opens the sign-up dialog, which a signed-in parent never sees (§6): the plan chooser is
      // the way on, to checkout or to the message that says how plans change here (docs/decisions/152).
      onSuccess: () => openPlanChooser("family"),
      onError: () => toast({ variant: "destructive", title: "Error", description: "Failed to record upgrade click" }),
    });
  };

  const copy = COPY[type];
  const Icon = ICONS[type];
  const percent = (current.currentUsage / current.limit) * 100;
  return (
    <Dialog open onOpenChange={(open) => !open && onDismiss()}>
      <DialogContent className="max-w-md text-center" data-nudge={type}>
        <div
          className={
            type === "soft"
              ? "mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700"
              : "mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-amber-800"
          }
        >
          <Icon className="h-7 w-7" aria-hidden />
        </div>
        <DialogTitle className="mt-4">{copy.title}</DialogTitle>
        <DialogDescription className="mt-2 text-base">{copy.body(current, trial)}</DialogDescription>
        <div className="mt-5 text-left">
          <div className="mb-1 flex justify-between text-sm font-medium text-slate-700">
            <span>Free purchases this month</span>
            <span>
              {current.currentUsage} of {current.limit}
            </span>
          </div>
          <Progress
            value={percent}
            label="Free purchases used this month"
            barClassName={type === "soft" ? "bg-brand-600" : type === "hard" ? "bg-amber-500" : "bg-red-600"}
          />
        </div>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <Button size="lg" className="sm:flex-1" onClick={onUpgrade}>
            {copy.cta(trial)}
          </Button>
          {type !== "limit_reached" && (
            <Button size="lg" variant="ghost" className="sm:flex-1" onClick={onDismiss}>
              Maybe Later
            </Button>
          )}
        </div>
        <p className="mt-3 text-xs text-slate-500">No card needed for the trial. Cancel anytime.</p>
      </DialogContent>
    </Dialog>
  );
}
