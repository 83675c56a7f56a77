import { CONSENT_STEP_COUNT } from "@shared/rules/consent-steps";
import { ArrowLeft, ArrowRight, LoaderCircle, ShieldCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { STEP_TITLES } from "../consent-copy";

/**
 * What both consent wizards share around their steps: the step count and bar, the step's title (focused
 * after each move, so screen readers announce it), the error box and Back / Continue / Complete.
 */
export function ConsentWizardFrame({
  step,
  onBack,
  onContinue,
  onComplete,
  mayContinue,
  mayComplete,
  submitting,
  submitError,
  children,
}: {
  step: number;
  onBack: () => void;
  onContinue: () => void;
  onComplete: (e: FormEvent) => void;
  /** The step's rules hold, so Continue is on. */
  mayContinue: boolean;
  /** Everything the last step asks for is given. */
  mayComplete: boolean;
  submitting: boolean;
  submitError: string[] | null;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);

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
          if (step < CONSENT_STEP_COUNT) onContinue();
          else if (mayComplete && !submitting) onComplete(e);
        }}
      >
        {children}

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

        {/* Wraps on a phone, where Back and "Complete Consent Process" do not fit on one line. */}
        <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-5">
          <Button type="button" variant="outline" onClick={onBack} disabled={step === 1 || submitting}>
            <ArrowLeft aria-hidden />
            Back
          </Button>
          {step < CONSENT_STEP_COUNT ? (
            <Button type="submit" disabled={!mayContinue}>
              Continue
              <ArrowRight aria-hidden />
            </Button>
          ) : (
            <Button type="submit" variant="success" className="ml-auto" disabled={!mayComplete || submitting}>
              {submitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <ShieldCheck aria-hidden />}
              {submitting ? "Recording Consent..." : "Complete Consent Process"}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
