import { REWARD_TIERS } from "@shared/rules/referral";
import { Link2, Mail, UserPlus } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth";
import { openAuthDialog } from "@/lib/auth-dialog";
import { useReferrals } from "../api/get-referrals";
import { RewardTierList } from "./reward-tiers";

// A visitor reads how the programme works; only a signed-in parent's figures need the invite form and its schema.
const ReferralProgress = lazy(() => import("./referral-progress").then((m) => ({ default: m.ReferralProgress })));

/** GET /r/{code} sends a friend here with `?signup=1` (docs/decisions/151). */
const SIGNUP_PARAM = "signup";

const STEPS = [
  { icon: UserPlus, title: "Sign up to get your link", text: "Every parent has a personal invite link." },
  { icon: Mail, title: "Share it with families you know", text: "Copy it anywhere, or let us e-mail it to a friend." },
  {
    icon: Link2,
    title: "Earn rewards as they join",
    text: "Each family that creates an account through your link counts once.",
  },
] as const;

/** A friend who followed a referral link lands with the sign-up dialog open; the address is left clean. */
function useSignUpOnArrival(isAuthenticated: boolean) {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(SIGNUP_PARAM)) return;
    url.searchParams.delete(SIGNUP_PARAM);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    if (!isAuthenticated) openAuthDialog("signup");
  }, [isAuthenticated]);
}

function HowItWorks() {
  return (
    <div className="grid gap-5">
      <ol className="grid gap-4">
        {STEPS.map((step, i) => (
          <li key={step.title} className="flex gap-3">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              <step.icon className="h-4 w-4" aria-hidden />
              <span className="sr-only">Step {i + 1}</span>
            </span>
            <div>
              <p className="font-semibold text-slate-900">{step.title}</p>
              <p className="text-sm text-slate-600">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <Button className="justify-self-start" onClick={() => openAuthDialog("signup")}>
        Sign up to get your link
      </Button>
    </div>
  );
}

/**
 * spec 001 §2.2 "Referral section", filled with what is true: a visitor reads how the programme works; a
 * signed-in parent sees their own link, families joined and rewards.
 */
export function ReferralProgramme() {
  const { isAuthenticated } = useAuth();
  const referrals = useReferrals({ enabled: isAuthenticated });
  useSignUpOnArrival(isAuthenticated);
  const data = isAuthenticated ? referrals.data : undefined;

  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <div className="self-start rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
        {!isAuthenticated ? (
          <HowItWorks />
        ) : data ? (
          <Suspense fallback={<Spinner label="Loading your referral link" />}>
            <ReferralProgress data={data} />
          </Suspense>
        ) : referrals.isError ? (
          <p className="text-sm text-slate-700">
            Your referral link could not be loaded. Reload the page to try again.
          </p>
        ) : (
          <Spinner label="Loading your referral link" />
        )}
      </div>
      <div>
        <h3 className="mb-4 text-lg font-bold text-slate-900">Reward tiers</h3>
        <RewardTierList tiers={data?.tiers ?? REWARD_TIERS} rewards={data?.rewards} />
      </div>
    </div>
  );
}
