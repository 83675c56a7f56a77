import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONSENT_MESSAGES,
  CONSENT_STEP_COUNT,
  type ConsentStep,
  type FieldIssue,
  stepIssues,
  VERIFICATION_METHODS,
} from "@shared/rules/consent-steps";
import { type ChildConsent, REVIEWED_METHODS } from "@shared/schemas/child-consents";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { useGiveChildConsent } from "../api/give-child-consent";
import { childNextSteps, SIGNATURE_HINT } from "../consent-copy";
import { ChildConsentFormSchema, type ConsentForm, type ConsentValues, EMPTY_CONSENT } from "../consent-form";
import { ChildSummaryStep, ConfirmStep, ConsentStep as ConsentChoicesStep, ParentStep } from "./consent-steps-ui";
import { ConsentWizardFrame } from "./consent-wizard-frame";

/** The consent-steps rules for a child's consent: disclosure to third parties is the parent's separate choice. */
const RULES = { thirdPartyOptional: true } as const;

const STEP_FIELDS: Record<ConsentStep, (keyof ConsentValues)[]> = {
  1: [],
  2: ["fullName", "relationship", "email", "phone", "verificationMethod"],
  3: ["dataCollection", "educational"],
  4: ["signature"],
};

type ChildConsentForm = ConsentForm<z.output<typeof ChildConsentFormSchema>>;

export interface ConsentChild {
  id: string;
  name: string;
  age: number;
}

const isReviewed = (method: string | null | undefined) =>
  (REVIEWED_METHODS as readonly string[]).includes(method ?? "");

/**
 * What stops the parent from leaving `step`. The child is known, so step 1 asks nothing, and a child who needs
 * consent is under 13 whatever the visitor's 8-16 range says, so the method is always asked for.
 */
function childStepIssues(step: ConsentStep, values: ConsentValues): FieldIssue[] {
  if (step === 1) return [];
  const issues = stepIssues(step, values, RULES).filter((i) => i.field !== "childAge");
  const method = values.verificationMethod ?? "";
  if (step === 2 && !(VERIFICATION_METHODS as readonly string[]).includes(method)) {
    if (!issues.some((i) => i.field === "verificationMethod")) {
      issues.push({ field: "verificationMethod", message: CONSENT_MESSAGES.verificationMethod });
    }
  }
  return issues;
}

/**
 * spec 001 §2.4's four steps for one of the parent's children (docs/decisions/160): the child's name and age
 * instead of the age box, the parent's details prefilled, disclosure to third parties asked separately, and
 * a typed signature for the methods staff review. Completing it records the consent; the card check then
 * continues on Stripe's page.
 */
export function ChildConsentWizard({
  child,
  parent,
  cardUnavailable,
  onRecorded,
}: {
  child: ConsentChild;
  /** The signed-in parent's name and e-mail, as far as they are known. */
  parent: { fullName: string; email: string };
  /** Why the card check cannot be chosen here, when this server takes no payments. */
  cardUnavailable?: string;
  /** A consent staff will review; the card check leaves for Stripe instead. */
  onRecorded: (consent: ChildConsent) => void;
}) {
  const [step, setStep] = useState<ConsentStep>(1);
  const form: ChildConsentForm = useForm({
    resolver: zodResolver(ChildConsentFormSchema),
    defaultValues: { ...EMPTY_CONSENT, childAge: child.age, fullName: parent.fullName, email: parent.email },
    mode: "onTouched",
  });
  const draft = useWatch({ control: form.control }) as ConsentValues;
  const [agreed, setAgreed] = useState(false);
  const [submitError, setSubmitError] = useState<string[] | null>(null);
  /** Set while the browser leaves for Stripe's page, so the button cannot send the consent twice. */
  const [leaving, setLeaving] = useState(false);
  const mutation = useGiveChildConsent();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  });

  const issues = childStepIssues(step, draft);
  const reviewed = isReviewed(draft.verificationMethod);
  const signed = !reviewed || draft.signature.trim() !== "";

  const next = () => {
    if (issues.length > 0) {
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
      const started = await mutation.mutateAsync({ childId: child.id, consent });
      if (started.checkoutUrl) {
        // The card check happens on Stripe's page, which brings the parent back here (docs/decisions/160).
        setLeaving(true);
        window.location.assign(started.checkoutUrl);
        return;
      }
      toast({ title: "Consent Received", description: "We'll check your identity, typically within 24-48 hours." });
      onRecorded(started.consent);
    } catch (error) {
      const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : {};
      for (const [field, message] of Object.entries(fieldErrors)) {
        if (field in EMPTY_CONSENT) form.setError(field as keyof ConsentValues, { type: "server", message });
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

  const signatureError = form.formState.errors.signature?.message;
  const submitting = mutation.isPending || leaving;

  return (
    <ConsentWizardFrame
      step={step}
      onBack={back}
      onContinue={next}
      onComplete={(e) => void complete(e)}
      mayContinue={issues.length === 0}
      mayComplete={agreed && signed}
      submitting={submitting}
      submitError={submitError}
    >
      {step === 1 && <ChildSummaryStep child={child} />}
      {step === 2 && <ParentStep form={form} draft={draft} coppa cardUnavailable={cardUnavailable} />}
      {step === 3 && <ConsentChoicesStep form={form} draft={draft} thirdPartyOptional />}
      {step === 4 && (
        <ConfirmStep
          draft={draft}
          agreed={agreed}
          onAgree={setAgreed}
          child={child}
          steps={childNextSteps(child.name, draft.verificationMethod as ChildConsent["method"])}
          signature={
            reviewed && (
              <FormField id="signature" label="Signature" required hint={SIGNATURE_HINT} error={signatureError}>
                <Input
                  id="signature"
                  autoComplete="name"
                  className="font-serif text-lg italic"
                  {...form.register("signature")}
                  aria-required
                  {...describedBy("signature", { hint: true, error: signatureError })}
                />
              </FormField>
            )
          }
        />
      )}
    </ConsentWizardFrame>
  );
}
