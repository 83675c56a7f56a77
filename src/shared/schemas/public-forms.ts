import { z } from "zod";
import "./zod-messages";
import {
  CONSENT_MESSAGES,
  type ConsentDraft,
  consentIssues,
  isEmailShaped,
  needsVerifiableConsent,
  RELATIONSHIPS,
  VERIFICATION_METHODS,
} from "../rules/consent-steps";
import { IsoDateSchema, RequiredTextSchema, TextSchema } from "./common";

/** docs/product-contract.md "Public forms": forms anyone may send, so each address gets a generous allowance. */
export const PUBLIC_FORM_LIMIT = { writes: 30, windowMs: 10 * 60 * 1000 } as const;

const EMAIL_MESSAGE = "Enter a valid e-mail address";

const EmailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(254, { message: "E-mail must be at most 254 characters" })
  .refine(isEmailShaped, { message: EMAIL_MESSAGE })
  .transform((email) => email.toLowerCase());

const requiredText = (message: string, max: number) =>
  RequiredTextSchema(message).max(max, { message: `Must be at most ${max} characters` });

/** Optional text: blank means not given, so it is stored as null rather than "". */
const optionalText = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  TextSchema(label, options)
    .max(max, { message: `Must be at most ${max} characters` })
    .nullish()
    .transform((value) => value || undefined);

/** An optional choice from a list; a form's empty "choose one" option means not given. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values), z.literal("")], { error: message })
    .nullish()
    .transform((value) => value || undefined);

// ---- Parental consent (spec 001 §2.4, §3, §5) ----

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The fields as the step rules read them, whatever types arrived. */
function asDraft(value: Record<string, unknown>): ConsentDraft {
  return {
    childAge: typeof value.childAge === "number" ? value.childAge : null,
    fullName: text(value.fullName),
    email: text(value.email),
    phone: text(value.phone),
    relationship: text(value.relationship),
    verificationMethod: typeof value.verificationMethod === "string" ? value.verificationMethod : null,
    dataCollection: value.dataCollection === true,
    educational: value.educational === true,
    thirdParty: value.thirdParty === true,
    marketing: value.marketing === true,
  };
}

/** True when the field's own schema has already answered for this value, so the step rule would repeat it. */
function alreadyRefused(field: keyof ConsentDraft, value: Record<string, unknown>): boolean {
  const raw = value[field];
  switch (field) {
    case "childAge":
      return !Number.isInteger(raw);
    case "relationship":
      return true;
    case "verificationMethod":
      return raw !== null && raw !== undefined;
    case "dataCollection":
    case "educational":
    case "thirdParty":
    case "marketing":
      return typeof raw !== "boolean";
    default:
      return typeof raw !== "string";
  }
}

export const ConsentCreateSchema = z
  .object({
    // The contract's integer: text such as "9" is refused, as the wizard sends the number it read.
    childAge: z.number({ error: CONSENT_MESSAGES.childAge }).int({ message: CONSENT_MESSAGES.childAge }),
    fullName: z
      .string({ error: CONSENT_MESSAGES.fullName })
      .trim()
      .max(100, { message: "Full legal name must be at most 100 characters" }),
    email: z.string({ error: CONSENT_MESSAGES.email }).trim().max(254, { message: CONSENT_MESSAGES.email }),
    phone: z.string({ error: CONSENT_MESSAGES.phone }).trim().max(30, { message: CONSENT_MESSAGES.phone }),
    relationship: z.enum(RELATIONSHIPS, { error: CONSENT_MESSAGES.relationship }),
    verificationMethod: z.enum(VERIFICATION_METHODS, { error: CONSENT_MESSAGES.verificationMethod }).nullish(),
    dataCollection: z.boolean({ error: CONSENT_MESSAGES.dataCollection }),
    educational: z.boolean({ error: CONSENT_MESSAGES.educational }),
    thirdParty: z.boolean({ error: CONSENT_MESSAGES.thirdParty }),
    marketing: z.boolean({ error: "Marketing consent must be true or false" }).default(false),
  })
  // The step rules run even when a field has the wrong type, so one bad field does not hide the others' messages.
  .superRefine(
    (value, ctx) => {
      for (const { field, message } of consentIssues(asDraft(value))) {
        if (!alreadyRefused(field, value)) ctx.addIssue({ code: "custom", path: [field], message });
      }
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  .transform((value) => ({
    ...value,
    email: value.email.toLowerCase(),
    // The identity check only applies to the COPPA path; a method sent for an older child means nothing.
    verificationMethod: needsVerifiableConsent(value.childAge) ? (value.verificationMethod ?? null) : null,
  }));
export type ConsentCreate = z.input<typeof ConsentCreateSchema>;

export const ConsentSchema = z.object({
  id: z.string(),
  childAge: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  relationship: z.enum(RELATIONSHIPS),
  verificationMethod: z.enum(VERIFICATION_METHODS).nullable(),
  dataCollection: z.boolean(),
  educational: z.boolean(),
  thirdParty: z.boolean(),
  marketing: z.boolean(),
  createdAt: IsoDateSchema,
});
export type Consent = z.infer<typeof ConsentSchema>;

// ---- Demo request (spec 001 §2.6, §3, §5) ----

export const DEMO_ROLES = [
  { id: "parent", label: "Parent/Guardian" },
  { id: "educator", label: "Educator/Teacher" },
  { id: "administrator", label: "School Administrator" },
  { id: "financial-advisor", label: "Financial Advisor" },
  { id: "other", label: "Other" },
] as const;

export const FAMILY_SIZES = ["1", "2", "3", "4", "5+"] as const;

export const TIME_PREFERENCES = [
  { id: "morning", label: "Morning (9 AM - 12 PM)" },
  { id: "afternoon", label: "Afternoon (12 PM - 5 PM)" },
  { id: "evening", label: "Evening (5 PM - 8 PM)" },
  { id: "weekend", label: "Weekend" },
] as const;

export const DEMO_INTERESTS = [
  { id: "parental-oversight", label: "Parental oversight and control" },
  { id: "financial-education", label: "Financial education for children" },
  { id: "budget-tracking", label: "Budget tracking and management" },
  { id: "safe-shopping", label: "Safe online shopping for kids" },
  { id: "social-shop", label: "Social shop integration" },
  { id: "gamification", label: "Achievement and gamification" },
  { id: "chore-earnings", label: "Chore-based earnings system" },
  { id: "institution-licensing", label: "Educational institution licensing" },
] as const;

const ids = <T extends readonly { id: string }[]>(list: T) =>
  list.map((item) => item.id) as unknown as readonly [T[number]["id"], ...T[number]["id"][]];

export const DEMO_ROLE_IDS = ids(DEMO_ROLES);
export const TIME_PREFERENCE_IDS = ids(TIME_PREFERENCES);
export const DEMO_INTEREST_IDS = ids(DEMO_INTERESTS);

export const DemoRequestCreateSchema = z.object({
  firstName: requiredText("First name is required", 50),
  lastName: requiredText("Last name is required", 50),
  email: EmailSchema,
  phone: optionalText("Phone", 30),
  company: optionalText("Organization", 100),
  role: optionalChoice(DEMO_ROLE_IDS, "Choose a role from the list"),
  familySize: optionalChoice(FAMILY_SIZES, "Choose a family size from the list"),
  timePreference: optionalChoice(TIME_PREFERENCE_IDS, "Choose a time from the list"),
  interests: z
    .array(z.enum(DEMO_INTEREST_IDS, { error: "Choose interests from the list" }))
    .max(DEMO_INTERESTS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
  message: optionalText("Message", 2000, { multiline: true }),
});
export type DemoRequestCreate = z.input<typeof DemoRequestCreateSchema>;

export const DemoRequestSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  role: z.enum(DEMO_ROLE_IDS).nullable(),
  familySize: z.enum(FAMILY_SIZES).nullable(),
  timePreference: z.enum(TIME_PREFERENCE_IDS).nullable(),
  interests: z.array(z.enum(DEMO_INTEREST_IDS)),
  message: z.string().nullable(),
  createdAt: IsoDateSchema,
});
export type DemoRequest = z.infer<typeof DemoRequestSchema>;

// ---- Newsletter (spec 001 §2.2) ----

/** What an `<input type="email">` accepts (the HTML standard's rule): the spec checks no more than that. */
const BROWSER_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const SUBSCRIBE_MESSAGE = "Please enter your email address to subscribe";

export const NewsletterSignupSchema = z.object({
  email: z
    .string({ error: SUBSCRIBE_MESSAGE })
    .trim()
    .min(1, { message: SUBSCRIBE_MESSAGE, abort: true })
    .max(254, { message: "E-mail must be at most 254 characters" })
    .regex(BROWSER_EMAIL, { message: EMAIL_MESSAGE })
    .transform((email) => email.toLowerCase()),
});
export type NewsletterSignup = z.input<typeof NewsletterSignupSchema>;

export const NewsletterSubscriptionSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: IsoDateSchema,
});
export type NewsletterSubscription = z.infer<typeof NewsletterSubscriptionSchema>;
