import { z } from "zod";
import "./zod-messages";
import {
  CONSENT_MESSAGES,
  FULL_NAME_HIDDEN_MESSAGE,
  isEmailShaped,
  isPhoneShaped,
  RELATIONSHIPS,
  VERIFICATION_METHODS,
} from "../rules/consent-steps";
import { hasHiddenCharacters, hasVisibleText } from "../rules/spoofing-text";
import { IsoDateSchema } from "./common";

/*
 * docs/product-contract.md "Privacy rights" and docs/decisions/157: a parent's consent for one child under 13,
 * given through the consent wizard (/coppa-consent?child={id}).
 */

export const CONSENT_STATUSES = ["not_needed", "required", "pending", "verified"] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

export const CONSENT_RECORD_STATUSES = [
  "awaiting_payment",
  "pending",
  "verified",
  "rejected",
  "withdrawn",
  "replaced",
] as const;

/** Methods a person at Pocketwise reviews; the card check verifies itself. */
export const REVIEWED_METHODS = ["government-id", "phone-verification"] as const;

export const SIGNATURE_MESSAGE = "Type your full legal name to sign";

const name = z
  .string({ error: CONSENT_MESSAGES.fullName })
  .trim()
  .max(100, { message: "Full legal name must be at most 100 characters" })
  .refine(hasVisibleText, { message: CONSENT_MESSAGES.fullName })
  .refine((v) => !hasHiddenCharacters(v), { message: FULL_NAME_HIDDEN_MESSAGE });

export const ChildConsentCreateSchema = z
  .object({
    fullName: name,
    email: z
      .string({ error: CONSENT_MESSAGES.email })
      .trim()
      .max(254, { message: CONSENT_MESSAGES.email })
      .refine(isEmailShaped, { message: CONSENT_MESSAGES.email })
      .transform((v) => v.toLowerCase()),
    phone: z
      .string({ error: CONSENT_MESSAGES.phone })
      .trim()
      .max(30, { message: CONSENT_MESSAGES.phone })
      .refine(isPhoneShaped, { message: CONSENT_MESSAGES.phone }),
    relationship: z.enum(RELATIONSHIPS, { error: CONSENT_MESSAGES.relationship }),
    verificationMethod: z.enum(VERIFICATION_METHODS, { error: CONSENT_MESSAGES.verificationMethod }),
    /** The parent's typed full name under the consent statement; needed for the methods staff review. */
    signature: z
      .string({ error: SIGNATURE_MESSAGE })
      .trim()
      .max(100, { message: SIGNATURE_MESSAGE })
      .refine((v) => !hasHiddenCharacters(v), { message: SIGNATURE_MESSAGE })
      .nullish(),
    dataCollection: z.literal(true, { error: CONSENT_MESSAGES.dataCollection }),
    educational: z.literal(true, { error: CONSENT_MESSAGES.educational }),
    /** Disclosure to third parties is asked separately and may be declined. */
    thirdParty: z.boolean({ error: "Consent to sharing must be true or false" }).default(false),
    marketing: z.boolean({ error: "Marketing consent must be true or false" }).default(false),
  })
  .superRefine((value, ctx) => {
    const reviewed = (REVIEWED_METHODS as readonly string[]).includes(value.verificationMethod);
    if (reviewed && !hasVisibleText(value.signature ?? "")) {
      ctx.addIssue({ code: "custom", path: ["signature"], message: SIGNATURE_MESSAGE });
    }
  });
export type ChildConsentCreate = z.input<typeof ChildConsentCreateSchema>;

export const ChildConsentSchema = z.object({
  id: z.string(),
  childId: z.string(),
  reference: z.string(),
  method: z.enum(VERIFICATION_METHODS),
  status: z.enum(CONSENT_RECORD_STATUSES),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  relationship: z.enum(RELATIONSHIPS),
  dataCollection: z.boolean(),
  educational: z.boolean(),
  thirdParty: z.boolean(),
  marketing: z.boolean(),
  createdAt: IsoDateSchema,
  decidedAt: IsoDateSchema.nullable(),
  rejectionReason: z.string().nullable(),
  withdrawnAt: IsoDateSchema.nullable(),
});
export type ChildConsent = z.infer<typeof ChildConsentSchema>;

/** POST /api/children/{id}/consent: the record, and for the card check the Checkout page to open. */
export const ChildConsentStartedSchema = z.object({
  consent: ChildConsentSchema,
  checkoutUrl: z.string().nullable(),
});
export type ChildConsentStarted = z.infer<typeof ChildConsentStartedSchema>;

/** A consent as staff review it. */
export const ConsentReviewSchema = ChildConsentSchema.extend({
  familyId: z.string(),
  childName: z.string(),
  childAge: z.number().int(),
  signature: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type ConsentReview = z.infer<typeof ConsentReviewSchema>;

export const CONSENT_REVIEW_FILTERS = ["pending", "decided"] as const;
export const ConsentReviewQuerySchema = z.object({
  status: z.enum(CONSENT_REVIEW_FILTERS).default("pending"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: z.string().optional(),
});

export const REJECTION_REASON_MESSAGE = "Say why, in up to 500 characters";
export const ConsentRejectSchema = z.object({
  reason: z
    .string({ error: REJECTION_REASON_MESSAGE })
    .trim()
    .min(1, { message: REJECTION_REASON_MESSAGE })
    .max(500, { message: REJECTION_REASON_MESSAGE })
    .refine(hasVisibleText, { message: REJECTION_REASON_MESSAGE }),
});
