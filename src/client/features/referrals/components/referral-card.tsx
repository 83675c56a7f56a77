import { Gift } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useReferrals } from "../api/get-referrals";
import { ReferralProgress } from "./referral-progress";
import { RewardTierList } from "./reward-tiers";

/** The Parent Center's referral card: the same link, progress and invite box as the landing page's section. */
export function ReferralCard({ id = "referrals" }: { id?: string }) {
  const referrals = useReferrals();
  return (
    <Card id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Gift className="h-5 w-5 text-brand-700" aria-hidden /> Refer a family
        </CardTitle>
        <CardDescription>Free months and more for each family that joins with your link</CardDescription>
      </CardHeader>
      <CardContent>
        {referrals.isLoading ? (
          <Spinner label="Loading your referral link" />
        ) : !referrals.data ? (
          <div className="grid gap-3 text-sm text-slate-700">
            <p>Your referral link could not be loaded.</p>
            <Button variant="outline" className="justify-self-start" onClick={() => referrals.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="grid gap-6">
            <ReferralProgress data={referrals.data} idPrefix={`${id}-referral`} />
            <RewardTierList tiers={referrals.data.tiers} rewards={referrals.data.rewards} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
