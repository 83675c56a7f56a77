import type { ReferralReward } from "@shared/schemas/referrals";
import { Check, Gift, Lock } from "lucide-react";
import { cn } from "@/lib/cn";

interface Tier {
  referrals: number;
  reward: string;
  /** Absent for a visitor, who has no progress to show. */
  unlocked?: boolean;
}

const GRANTED_AS: Record<ReferralReward["kind"], string> = {
  stripe_credit: "as a credit on your next bills",
  plan_time: "as plan time",
};

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

/** spec 001 §9 "Referral tiers": what each number of families earns, and for a parent what is unlocked. */
export function RewardTierList({ tiers, rewards = [] }: { tiers: readonly Tier[]; rewards?: ReferralReward[] }) {
  return (
    <ol className="space-y-3" aria-label="Reward tiers">
      {tiers.map((tier) => {
        const granted = rewards.find((r) => r.tier === tier.referrals);
        const families = `${tier.referrals} ${tier.referrals === 1 ? "family joins" : "families join"}`;
        return (
          <li
            key={tier.referrals}
            className={cn(
              "flex items-center gap-3 rounded-xl border p-3 sm:gap-4 sm:p-4",
              tier.unlocked ? "border-emerald-200 bg-emerald-50" : "border-slate-200 bg-white",
            )}
          >
            <span
              className={cn(
                "flex h-9 w-9 shrink-0 items-center justify-center rounded-full sm:h-11 sm:w-11",
                tier.unlocked ? "bg-emerald-700 text-white" : "bg-brand-50 text-brand-700",
              )}
            >
              {tier.unlocked === false ? (
                <Lock className="h-5 w-5" aria-hidden />
              ) : tier.unlocked ? (
                <Check className="h-5 w-5" aria-hidden />
              ) : (
                <Gift className="h-5 w-5" aria-hidden />
              )}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <p className="font-semibold text-slate-900">{tier.reward}</p>
                {tier.unlocked !== undefined && (
                  <span
                    className={cn(
                      "rounded-full px-2.5 py-0.5 text-xs font-semibold",
                      tier.unlocked ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-700",
                    )}
                  >
                    {tier.unlocked ? "Unlocked" : "Locked"}
                  </span>
                )}
              </div>
              <p className="text-sm text-slate-600">
                {granted ? `Granted ${dateOf(granted.grantedAt)} ${GRANTED_AS[granted.kind]}` : `When ${families}`}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
