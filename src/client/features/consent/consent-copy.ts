import type { RequiredConsent, VerificationMethod } from "@shared/rules/consent-steps";

export const STEP_TITLES = [
  "Child Information",
  "Parent/Guardian Verification",
  "Consent and Data Use Authorization",
  "Final Confirmation",
] as const;

/** spec 001 §2.4 step 2: the three ways a parent of a child under 13 can be verified. */
export const VERIFICATION_OPTIONS: { id: VerificationMethod; title: string; text: string }[] = [
  {
    id: "credit-card",
    title: "Credit card verification",
    text: "A small charge to your card that is refunded immediately.",
  },
  {
    id: "government-id",
    title: "Government ID",
    text: "Upload a government-issued ID and record a short video to confirm it is you.",
  },
  {
    id: "phone-verification",
    title: "Phone verification",
    text: "A call to your phone with a few knowledge-based questions.",
  },
];

export const CONSENT_OPTIONS: { id: RequiredConsent | "marketing"; title: string; text: string }[] = [
  {
    id: "dataCollection",
    title: "Data collection",
    text: "Pocketwise may collect my child's first name, age, budget and purchase requests to run the service.",
  },
  {
    id: "educational",
    title: "Educational content",
    text: "My child may receive personalised money lessons, badges and challenges based on their activity.",
  },
  {
    id: "thirdParty",
    title: "Payment and shopping partners",
    text: "Pocketwise may share what is needed to complete a purchase I approve with the payment provider and retailer.",
  },
  {
    id: "marketing",
    title: "Marketing (optional)",
    text: "Send me product news and money tips for parents. I can unsubscribe at any time.",
  },
];

/** spec 001 §2.4 step 3 and §6: the rights named in the consent text. */
export const PARENT_RIGHTS = [
  "Review the information we hold about your child",
  "Delete your child's information at any time",
  "Modify or correct your child's information",
  "Withdraw your consent to further collection",
  "Receive a portable copy of your family's data",
] as const;

/** spec 001 §2.4 step 4 and §9: what follows a completed consent, by age. */
export function nextSteps(underThirteen: boolean): string[] {
  return underThirteen
    ? [
        "Identity verification with the method you chose, typically within 24-48 hours",
        "An e-mail confirmation once you are verified",
        "Account activation with parental controls switched on",
        "Full access to your parent dashboard",
      ]
    : ["Immediate account activation", "Access to your parent dashboard right away"];
}

export const HELP_CHANNELS = [
  { title: "General questions", email: "hello@pocketwise.app" },
  { title: "COPPA and privacy", email: "coppa@pocketwise.app" },
  { title: "Technical support", email: "support@pocketwise.app" },
] as const;

/** The statement the parent's typed name signs, for the methods a person at Pocketwise reviews. */
export const SIGNATURE_HINT = "Type your full legal name to sign this consent.";

/** What follows consent given for one child (docs/decisions/160), by the method chosen. */
export function childNextSteps(childName: string, method: VerificationMethod | null | undefined): string[] {
  return method === "credit-card"
    ? [
        "A secure Stripe page takes a 50-cent charge from your card, refunded at once",
        "Your consent is verified as soon as the charge goes through",
        `${childName} can sign in straight away`,
      ]
    : [
        "We check your identity with the method you chose, typically within 24-48 hours",
        "We e-mail you as soon as it is decided",
        `${childName} can sign in once your consent is verified`,
        `You can review or withdraw your consent at any time in ${childName}'s settings`,
      ];
}
