import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONSENT_STEP_COUNT,
  type ConsentDraft,
  type ConsentStep,
  canContinue,
  needsVerifiableConsent,
  stepIssues,
} from "@shared/rules/consent-steps";
import type { Consent } from "@shared/schemas/public-forms";
import { ArrowLeft, ArrowRight, LoaderCircle, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { useCreateConsent } from "../api/create-consent";
import { STEP_TITLES } from "../consent-copy";
import { type ConsentForm, ConsentFormSchema, EMPTY_CONSENT } from "../consent-form";
import { ChildInfoStep, ConfirmStep, ConsentStep as ConsentChoicesStep, ParentStep } from "./consent-steps-ui";

/** The boxes each step asks for, whose messages a refused Continue shows. */
const STEP_FIELDS: Record<ConsentStep, (keyof ConsentDraft)[]> = {
  1: ["childAge"],
  2: ["fullName", "relationship", "email", "phone", "verificationMethod"],
  3: ["dataCollection", "educational", "thirdParty"],
  4: [],
};

/**
 * spec 001 §2.4, §4 and §5: four steps, forward only when the step's rules hold, back freely;
 * the final agreement enables the button that records the consent (docs/product-contract.md "Public forms").
 */
export function ConsentWizard({ onCompleted }: { onCompleted: (consent: Consent) => void }) {
  const [step, setStep] = useState<ConsentStep>(1);
  const form: ConsentForm = useForm({
    resolver: zodResolver(ConsentFormSchema),
    defaultValues: EMPTY_CONSENT,
    // A box says what is wrong once the parent has left it, and from then on as they type.
    mode: "onTouched",
  });
  const draft = useWatch({ control: form.control }) as ConsentDraft;
  const [agreed, setAgreed] = useState(false);
  const [submitError, setSubmitError] = useState<string[] | null>(null);
  const mutation = useCreateConsent();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After moving between steps, focus the new step's title so screen readers announce it.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  });

  // The step rules the contract's schema applies, read at once so Continue follows every keystroke.
  const issues = stepIssues(step, draft);

  const next = () => {
    if (!canContinue(step, draft)) {
      void form.trigger(STEP_FIELDS[step]);
      return;
    }
    moved.current = true;
    setStep((s) => Math.min(CONSENT_STEP_COUNT, s + 1) as ConsentStep);
  };
  const back = () => {
    moved.current = true;
    setStep((s) => Math.max(1, s - 1) as ConsentStep);
  };

  const complete = form.handleSubmit(async (consent) => {
    setSubmitError(null);
    try {
      const stored = await mutation.mutateAsync(consent);
      toast({
        title: "Consent Received",
        description: needsVerifiableConsent(consent.childAge)
          ? "We'll verify your identity, typically within 24-48 hours, and e-mail you."
          : "Your family's account is ready to set up.",
      });
      onCompleted(stored);
    } catch (error) {
      const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : {};
      // Each message also waits on its box, for a parent who goes back to fix it.
      for (const [field, message] of Object.entries(fieldErrors)) {
        if (field in EMPTY_CONSENT) form.setError(field as keyof ConsentDraft, { type: "server", message });
      }
      const messages =
        error instanceof ApiRequestError
          ? Object.values(fieldErrors).length
            ? Object.values(fieldErrors)
            : [error.serverMessage ?? "Please try again in a moment."]
          : ["We could not reach Pocketwise. Check your connection and try again."];
      setSubmitError(messages);
      toast({ variant: "destructive", title: "Consent not recorded", description: messages[0] });
    }
  });

  const stepProps = { form, draft };
  const submitting = mutation.isPending;

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <p className="text-sm font-semibold text-brand-700">
        Step {step} of {CONSENT_STEP_COUNT}
      </p>
      <Progress
        className="mt-2"
        value={(step / CONSENT_STEP_COUNT) * 100}
        label={`Consent progress: step ${step} of ${CONSENT_STEP_COUNT}`}
      />
      <h2 ref={heading} tabIndex={-1} className="mt-6 text-2xl font-bold text-slate-900 focus:outline-none">
        {STEP_TITLES[step - 1]}
      </h2>

      <form
        className="mt-5"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step < CONSENT_STEP_COUNT) next();
          else if (agreed && !submitting) void complete(e);
        }}
      >
        {step === 1 && <ChildInfoStep {...stepProps} />}
        {step === 2 && <ParentStep {...stepProps} />}
        {step === 3 && <ConsentChoicesStep {...stepProps} />}
        {step === 4 && <ConfirmStep draft={draft} agreed={agreed} onAgree={setAgreed} />}

        {submitError && (
          <div role="alert" className="mt-5 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
            <p className="font-semibold">Your consent was not recorded. Your answers are kept.</p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {submitError.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}

        <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-200 pt-5">
          <Button type="button" variant="outline" onClick={back} disabled={step === 1 || submitting}>
            <ArrowLeft aria-hidden />
            Back
          </Button>
          {step < CONSENT_STEP_COUNT ? (
            <Button type="submit" disabled={issues.length > 0}>
              Continue
              <ArrowRight aria-hidden />
            </Button>
          ) : (
            <Button type="submit" variant="success" disabled={!agreed || submitting}>
              {submitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <ShieldCheck aria-hidden />}
              {submitting ? "Recording Consent..." : "Complete Consent Process"}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
