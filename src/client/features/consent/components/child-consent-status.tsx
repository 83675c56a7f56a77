import type { ChildConsent } from "@shared/schemas/child-consents";
import { CircleCheck, Clock, LoaderCircle, ShieldAlert } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { useChildConsents } from "../api/get-child-consents";
import { childNextSteps } from "../consent-copy";
import { NextStepsList } from "./consent-steps-ui";

/** How often the card check's return asks whether Stripe's webhook has verified it yet. */
const CARD_CHECK_POLL_MS = 2_000;

function StatusPanel({
  tone,
  title,
  children,
}: {
  tone: "done" | "waiting" | "problem";
  title: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const Icon = tone === "done" ? CircleCheck : tone === "waiting" ? Clock : ShieldAlert;
  const iconTone =
    tone === "done"
      ? "bg-emerald-100 text-emerald-700"
      : tone === "waiting"
        ? "bg-amber-100 text-amber-800"
        : "bg-red-100 text-red-700";
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-8">
      <span className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${iconTone}`}>
        <Icon className="h-8 w-8" aria-hidden />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none">
        {title}
      </h2>
      {children}
      <Link href="/" className={`${buttonVariants()} mt-6`}>
        Back to Family Dashboard
      </Link>
    </div>
  );
}

/**
 * A consent staff will review: its reference and what happens next (docs/decisions/160). Without a consent
 * (the child's status says pending, the record is not loaded) it says the same without the reference.
 */
export function ChildConsentInReview({ childName, consent }: { childName: string; consent?: ChildConsent }) {
  const email = consent?.email;
  const reference = consent?.reference;
  return (
    <StatusPanel tone="waiting" title="Consent in review">
      <p className="mt-2 text-slate-600">
        Thank you. We review your consent for {childName} typically within 24-48 hours and e-mail you
        {email ? (
          <>
            {" "}
            at <strong className="text-slate-900 [overflow-wrap:anywhere]">{email}</strong>
          </>
        ) : null}{" "}
        once it is decided. {childName} can sign in once it is verified.
      </p>
      {reference && (
        <p className="mt-4 text-sm text-slate-700">
          Reference: <strong className="font-mono text-slate-900">{reference}</strong>
        </p>
      )}
      <div className="mx-auto mt-6 max-w-md text-left">
        <h3 className="mb-3 font-semibold text-slate-900">What happens next</h3>
        <NextStepsList underThirteen steps={childNextSteps(childName, consent?.method)} />
      </div>
    </StatusPanel>
  );
}

export function ChildConsentVerified({ childName, reference }: { childName: string; reference?: string }) {
  return (
    <StatusPanel tone="done" title="Consent verified">
      <p className="mt-2 text-slate-600">Verified — {childName} can sign in now.</p>
      {reference && (
        <p className="mt-4 text-sm text-slate-700">
          Reference: <strong className="font-mono text-slate-900">{reference}</strong>
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600">
        Create a sign-in code for {childName} on your dashboard, or in {childName}'s settings.
      </p>
    </StatusPanel>
  );
}

/** The child is 13 or older: nothing to give (COPPA covers children under 13). */
export function ChildConsentNotNeeded({ childName }: { childName: string }) {
  return (
    <StatusPanel tone="done" title="No consent needed">
      <p className="mt-2 text-slate-600">
        {childName} is 13 or older, so no parental consent is needed before signing in.
      </p>
    </StatusPanel>
  );
}

/**
 * Back from Stripe's card check (`?checked={consentId}`): Stripe's webhook verifies the consent moments later,
 * so the records are asked again until that one is verified or has failed.
 */
export function ChildConsentCardReturn({
  childId,
  childName,
  consentId,
}: {
  childId: string;
  childName: string;
  consentId: string;
}) {
  const awaiting = (list: ChildConsent[] | undefined) => {
    const status = list?.find((c) => c.id === consentId)?.status;
    return status === undefined || status === "awaiting_payment";
  };
  const consents = useChildConsents(childId, { pollMs: CARD_CHECK_POLL_MS, pollWhile: awaiting });
  const consent = consents.data?.find((c) => c.id === consentId) ?? null;
  const waiting = awaiting(consents.data);

  if (consent?.status === "verified")
    return <ChildConsentVerified childName={childName} reference={consent.reference} />;
  if (consents.isError || (consent && !waiting)) {
    return (
      <StatusPanel tone="problem" title="Card check not completed">
        <p className="mt-2 text-slate-600">
          The card check did not verify your consent for {childName}. Try again, or choose another method.
        </p>
        <Link
          href={`/coppa-consent?child=${encodeURIComponent(childId)}`}
          className={`${buttonVariants({ variant: "outline" })} mt-4`}
        >
          Give consent again
        </Link>
      </StatusPanel>
    );
  }
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-8" role="status">
      <LoaderCircle className="mx-auto h-10 w-10 animate-spin text-brand-700" aria-hidden />
      <h2 className="mt-4 text-2xl font-bold text-slate-900">Checking your card</h2>
      <p className="mt-2 text-slate-600">
        Stripe is confirming the 50-cent check, which is refunded at once. This takes a few seconds.
      </p>
    </div>
  );
}
