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
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { useCreateConsent } from "../api/create-consent";
import { type ConsentForm, ConsentFormSchema, EMPTY_CONSENT } from "../consent-form";
import { ChildInfoStep, ConfirmStep, ConsentStep as ConsentChoicesStep, ParentStep } from "./consent-steps-ui";
import { ConsentWizardFrame } from "./consent-wizard-frame";

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

  // The step rules the contract's schema applies, read at once so Continue follows every keystroke.
  const issues = stepIssues(step, draft);

  const next = () => {
    if (!canContinue(step, draft)) {
      void form.trigger(STEP_FIELDS[step]);
      return;
    }
    setStep((s) => Math.min(CONSENT_STEP_COUNT, s + 1) as ConsentStep);
  };
  const back = () => {
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
    <ConsentWizardFrame
      step={step}
      onBack={back}
      onContinue={next}
      onComplete={(e) => void complete(e)}
      mayContinue={issues.length === 0}
      mayComplete={agreed}
      submitting={submitting}
      submitError={submitError}
    >
      {step === 1 && <ChildInfoStep {...stepProps} />}
      {step === 2 && <ParentStep {...stepProps} />}
      {step === 3 && <ConsentChoicesStep {...stepProps} />}
      {step === 4 && <ConfirmStep draft={draft} agreed={agreed} onAgree={setAgreed} />}
    </ConsentWizardFrame>
  );
}
