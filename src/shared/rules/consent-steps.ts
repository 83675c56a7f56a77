// spec 001 §2.4 and §5: the parental-consent wizard's steps and what each needs before Continue.
// The wizard gates its Continue button with these rules and the server checks a submitted consent
// with the same ones, so a record can only be stored when every step would have let the parent on.

import { hasHiddenCharacters, hasVisibleText } from "./spoofing-text";

export const CONSENT_STEP_COUNT = 4;
export type ConsentStep = 1 | 2 | 3 | 4;

/** spec 000 §9: the product is for ages 8-16; under 13 needs verifiable parental consent. */
export const MIN_CHILD_AGE = 8;
export const MAX_CHILD_AGE = 16;
export const COPPA_AGE_LIMIT = 13;

export const RELATIONSHIPS = ["parent", "guardian"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const VERIFICATION_METHODS = ["credit-card", "government-id", "phone-verification"] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** The three consents the service cannot run without; marketing stays optional. */
export const REQUIRED_CONSENTS = ["dataCollection", "educational", "thirdParty"] as const;
export type RequiredConsent = (typeof REQUIRED_CONSENTS)[number];

/** What the parent has entered so far; the age may still be the text of the input. */
export interface ConsentDraft {
  childAge: number | string | null | undefined;
  fullName: string;
  email: string;
  phone: string;
  relationship: string;
  verificationMethod?: string | null;
  dataCollection: boolean;
  educational: boolean;
  thirdParty: boolean;
  marketing: boolean;
}

export interface FieldIssue {
  field: keyof ConsentDraft;
  message: string;
}

export const CONSENT_MESSAGES = {
  childAge: `Enter an age from ${MIN_CHILD_AGE} to ${MAX_CHILD_AGE}`,
  fullName: "Full legal name is required",
  relationship: "Choose parent or guardian",
  email: "Enter a valid e-mail address",
  phone: "Enter a phone number we can reach you on",
  verificationMethod: "Choose how we should verify your identity",
  dataCollection: "Consent to data collection is required",
  educational: "Consent to educational content is required",
  thirdParty: "Consent to sharing with payment and shopping partners is required",
} as const;

/** docs/decisions/123: staff and e-mails show the name as typed, so it may not carry hidden characters. */
export const FULL_NAME_HIDDEN_MESSAGE = "Full legal name can't contain hidden or control characters";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** A phone number: digits with the usual separators, at least 7 digits. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

export function isEmailShaped(value: string): boolean {
  return EMAIL_SHAPE.test(value.trim()) && !hasHiddenCharacters(value.trim());
}

export function isPhoneShaped(value: string): boolean {
  const trimmed = value.trim();
  return PHONE_CHARACTERS.test(trimmed) && trimmed.replace(/\D/g, "").length >= 7;
}

/** The age as a whole number within 8-16, or null when it is anything else. */
export function parseChildAge(value: ConsentDraft["childAge"]): number | null {
  const age = typeof value === "string" ? (/^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN) : value;
  if (typeof age !== "number" || !Number.isInteger(age)) return null;
  return age >= MIN_CHILD_AGE && age <= MAX_CHILD_AGE ? age : null;
}

/** Under 13 the parent takes the COPPA path: verifiable consent with an identity check. */
export function needsVerifiableConsent(age: number): boolean {
  return age < COPPA_AGE_LIMIT;
}

const issue = (field: keyof typeof CONSENT_MESSAGES): FieldIssue => ({ field, message: CONSENT_MESSAGES[field] });

export interface ConsentRules {
  /**
   * The consent a signed-in parent gives for one of their children asks for disclosure to third parties
   * separately, and the family may decline it (docs/decisions/157); the visitor's form keeps the spec's rule.
   */
  thirdPartyOptional?: boolean;
}

/** What stops the parent from leaving `step`; empty when Continue may be pressed. */
export function stepIssues(step: ConsentStep, draft: ConsentDraft, rules: ConsentRules = {}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  switch (step) {
    case 1:
      if (parseChildAge(draft.childAge) === null) issues.push(issue("childAge"));
      break;
    case 2: {
      if (!hasVisibleText(draft.fullName)) issues.push(issue("fullName"));
      else if (hasHiddenCharacters(draft.fullName.trim())) {
        issues.push({ field: "fullName", message: FULL_NAME_HIDDEN_MESSAGE });
      }
      if (!(RELATIONSHIPS as readonly string[]).includes(draft.relationship)) issues.push(issue("relationship"));
      if (!isEmailShaped(draft.email)) issues.push(issue("email"));
      if (!isPhoneShaped(draft.phone)) issues.push(issue("phone"));
      const age = parseChildAge(draft.childAge);
      const method = draft.verificationMethod ?? "";
      if (
        age !== null &&
        needsVerifiableConsent(age) &&
        !(VERIFICATION_METHODS as readonly string[]).includes(method)
      ) {
        issues.push(issue("verificationMethod"));
      }
      break;
    }
    case 3:
      for (const consent of REQUIRED_CONSENTS) {
        if (consent === "thirdParty" && rules.thirdPartyOptional) continue;
        if (draft[consent] !== true) issues.push(issue(consent));
      }
      break;
    case 4:
      break;
  }
  return issues;
}

export function canContinue(step: ConsentStep, draft: ConsentDraft, rules: ConsentRules = {}): boolean {
  return stepIssues(step, draft, rules).length === 0;
}

/** Every step's issues: what the server refuses a submitted consent for. */
export function consentIssues(draft: ConsentDraft, rules: ConsentRules = {}): FieldIssue[] {
  return ([1, 2, 3, 4] as const).flatMap((step) => stepIssues(step, draft, rules));
}
