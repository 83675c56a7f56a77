import { type NudgeType, nudgeFor } from "@shared/rules/nudge";
import type { Usage } from "@shared/schemas/usage";
import { Crown, Sparkles, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/hooks/use-toast";
import { useAuth } from "@/lib/auth";
import { PLANS_SECTION } from "@/lib/sections";
import { useDismissNudge } from "../api/dismiss-nudge";
import { useUsage } from "../api/get-usage";
import { useRecordUpgradeClick } from "../api/record-upgrade-click";

const COPY: Record<NudgeType, { title: string; body: (u: UsageWithLimit) => string; cta: string }> = {
  soft: {
    title: "Your family is getting the hang of it!",
    body: (u) =>
      `You've used ${u.currentUsage} of your ${u.limit} free purchases this month. The Family Plan gives you unlimited purchases and up to 5 children. Try it free for 30 days.`,
    cta: "Start free trial",
  },
  hard: {
    title: "Almost out of free purchases",
    body: (u) =>
      `Only ${u.limit - u.currentUsage} of your ${u.limit} free purchases left this month. Upgrade so your children's requests keep going through. Try it free for 30 days.`,
    cta: "Upgrade now",
  },
  limit_reached: {
    title: "You've used all your free purchases",
    body: (u) =>
      `All ${u.limit} free purchases for this month are used, so no more carts can be approved until next month. Upgrade to keep approving: the first 30 days are free.`,
    cta: "Upgrade to keep approving",
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
  const [, navigate] = useLocation();

  const type = usage && usage.limit !== null ? nudgeFor(usage) : null;
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
      // spec 000 §4 opens the sign-up dialog, which a signed-in parent never sees (§6): the plans are the way on.
      onSuccess: () => {
        navigate(PLANS_SECTION.href);
        // Already on the Parent Center, the page does not mount again to scroll to the section itself.
        requestAnimationFrame(() => document.getElementById(PLANS_SECTION.id)?.scrollIntoView());
      },
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
        <DialogDescription className="mt-2 text-base">{copy.body(current)}</DialogDescription>
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
            {copy.cta}
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
