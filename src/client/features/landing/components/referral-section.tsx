import { referralProgress } from "@shared/rules/referral";
import { Check, Copy, Gift, Lock, Mail } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/hooks/use-toast";
import { cn } from "@/lib/cn";
import { copyText } from "../lib/clipboard";
import { Section, SectionHeading } from "./section";

// spec 001 §9: the copied state lasts 2 s.
const COPIED_STATE_MS = 2000;
const SAMPLE_REFERRALS = 2;
const REFERRAL_LINK = "https://pocketwise.app/invite/FAMILY-7K3Q";

function CopyLink() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(REFERRAL_LINK))) {
      toast({
        title: "Couldn't copy the link",
        description: "Select the link and copy it yourself.",
        variant: "destructive",
      });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_STATE_MS);
  };

  return (
    <div>
      <Label htmlFor="referral-link">Your invite link</Label>
      <div className="mt-1.5 flex gap-2">
        <Input id="referral-link" readOnly value={REFERRAL_LINK} onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" onClick={copy} variant={copied ? "success" : "default"} className="min-w-26 shrink-0">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied!" : "Copy"}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? "Invite link copied" : ""}
      </p>
    </div>
  );
}

function InviteByEmail() {
  const [email, setEmail] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    // spec 001 §5: an empty invite does nothing.
    if (!address) return;
    toast({ title: "Invitation Sent!", description: `We've invited ${address} to try Pocketwise.` });
    setEmail("");
  };
  return (
    <form onSubmit={submit}>
      <Label htmlFor="referral-email">Invite a friend by e-mail</Label>
      <div className="mt-1.5 flex gap-2">
        <Input
          id="referral-email"
          type="email"
          autoComplete="off"
          placeholder="friend@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="outline" className="min-w-26 shrink-0">
          <Mail aria-hidden /> Invite
        </Button>
      </div>
    </form>
  );
}

/** spec 001 §2.2 "Referral section": progress, copyable link, invite box, reward tiers. */
export function ReferralSection() {
  const progress = referralProgress(SAMPLE_REFERRALS);
  return (
    <Section id="referral" headingId="referral-title">
      <div className="grid gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="referral-title"
            eyebrow="Refer a family"
            title="Share Pocketwise, earn free months"
            description="Every family you bring gets a free month too. Rewards stack as your invites add up."
            align="left"
          />
          <div className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
            <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <p className="font-semibold text-slate-900">{SAMPLE_REFERRALS} families joined with your link</p>
              {progress.nextTier && (
                <p className="text-sm text-slate-600">
                  {progress.referralsToNext} more for {progress.nextTier.reward.toLowerCase()}
                </p>
              )}
            </div>
            <Progress
              value={progress.percentToNext}
              label="Progress to your next referral reward"
              className="mt-3 h-3"
            />
            <div className="mt-6 space-y-5">
              <CopyLink />
              <InviteByEmail />
            </div>
          </div>
        </div>
        <div>
          <h3 className="text-lg font-bold text-slate-900">Reward tiers</h3>
          <ol className="mt-4 space-y-3">
            {progress.tiers.map((tier) => (
              <li
                key={tier.referrals}
                className={cn(
                  "flex items-center gap-4 rounded-xl border p-4",
                  tier.unlocked ? "border-emerald-200 bg-emerald-50" : "border-slate-200 bg-white",
                )}
              >
                <span
                  className={cn(
                    "flex h-11 w-11 shrink-0 items-center justify-center rounded-full",
                    tier.unlocked ? "bg-emerald-700 text-white" : "bg-slate-100 text-slate-600",
                  )}
                >
                  {tier.unlocked ? <Gift className="h-5 w-5" aria-hidden /> : <Lock className="h-5 w-5" aria-hidden />}
                </span>
                <div className="flex-1">
                  <p className="font-semibold text-slate-900">{tier.reward}</p>
                  <p className="text-sm text-slate-600">
                    {tier.referrals} {tier.referrals === 1 ? "referral" : "referrals"}
                  </p>
                </div>
                <span
                  className={cn(
                    "rounded-full px-2.5 py-0.5 text-xs font-semibold",
                    tier.unlocked ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-700",
                  )}
                >
                  {tier.unlocked ? "Unlocked" : "Locked"}
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </Section>
  );
}
