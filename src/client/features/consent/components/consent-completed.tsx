import { needsVerifiableConsent } from "@shared/rules/consent-steps";
import type { Consent } from "@shared/schemas/public-forms";
import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { NextStepsList } from "./consent-steps-ui";

/** What the parent sees once the consent is recorded: what happens next, by the child's age. */
export function ConsentCompleted({ consent }: { consent: Consent }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const underThirteen = needsVerifiableConsent(consent.childAge);

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-8">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <CircleCheck className="h-8 w-8" aria-hidden />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none">
        Consent recorded
      </h2>
      <p className="mt-2 text-slate-600">
        Thank you, {consent.fullName}. We'll reach you at <strong className="text-slate-900">{consent.email}</strong>{" "}
        about each of the next steps.
      </p>
      <div className="mx-auto mt-6 max-w-md text-left">
        <h3 className="mb-3 font-semibold text-slate-900">What happens next</h3>
        <NextStepsList underThirteen={underThirteen} />
      </div>
      <p className="mt-6 text-xs text-slate-600">Reference: {consent.id}</p>
      <Link href="/" className={`${buttonVariants()} mt-6`}>
        Back to Home
      </Link>
    </div>
  );
}
