import type { Referrals } from "@shared/schemas/referrals";
import { Progress } from "@/components/ui/progress";
import { InviteFriendForm } from "./invite-friend-form";
import { ReferralLink } from "./referral-link";

const joined = (count: number) =>
  count === 0
    ? "No families have joined with your link yet"
    : `${count} ${count === 1 ? "family" : "families"} joined with your link`;

/** A signed-in parent's own figures: families joined, the way to the next tier, the link and the invite box. */
export function ReferralProgress({ data, idPrefix = "referral" }: { data: Referrals; idPrefix?: string }) {
  const next = data.tiers.find((t) => !t.unlocked);
  return (
    <div className="grid gap-5">
      <div>
        <div className="grid gap-1">
          <p className="font-semibold text-slate-900">{joined(data.count)}</p>
          <p className="text-sm text-slate-600">
            {next
              ? `${data.referralsToNext} more for ${next.reward.toLowerCase()}`
              : "Every reward unlocked. Thank you!"}
          </p>
        </div>
        <Progress value={data.percentToNext} label="Progress to your next referral reward" className="mt-3 h-3" />
      </div>
      <ReferralLink link={data.link} id={`${idPrefix}-link`} />
      <InviteFriendForm id={`${idPrefix}-email`} />
    </div>
  );
}
