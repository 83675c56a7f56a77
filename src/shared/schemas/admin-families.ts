import { z } from "zod";
import "./zod-messages";
import { BillingSchema } from "./billing";
import { AmountSchema, IsoDateSchema, MoneyOutSchema, NUL_MESSAGE } from "./common";
import { SUBSCRIPTION_TIERS } from "./usage";

/* docs/decisions/155: the staff area's Families section. */

export const FAMILIES_DEFAULT_LIMIT = 25;
export const AUDIT_DEFAULT_LIMIT = 25;
export const LIST_MAX_LIMIT = 100;
/** The legal pages: a charge can be refunded within 30 days. */
export const REFUND_WINDOW_DAYS = 30;
/** How far back a family's page lists charges. */
export const CHARGES_SHOWN_DAYS = 90;

export const FAMILY_NOT_FOUND = "Family not found";
export const CHARGE_NOT_FOUND = "Charge not found";
export const CURSOR_MESSAGE = "Cursor must be the last id of the page before";

const limitOf = (fallback: number) =>
  z
    .string({ error: `Limit must be a whole number from 1 to ${LIST_MAX_LIMIT}` })
    // Digits only: Number() would also take "0x10", "1e2" or " 5".
    .regex(/^\d{1,3}$/, { message: `Limit must be a whole number from 1 to ${LIST_MAX_LIMIT}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { message: `Limit must be a whole number from 1 to ${LIST_MAX_LIMIT}` })
        .max(LIST_MAX_LIMIT, { message: `Limit must be a whole number from 1 to ${LIST_MAX_LIMIT}` }),
    )
    .default(fallback);

/** The cursor is the last row's id: the next page holds the rows older than it. */
const CursorSchema = z.uuid({ message: CURSOR_MESSAGE }).optional();

export const FamilyListQuerySchema = z.object({
  email: z
    .string({ error: "Search must be text" })
    .trim()
    .max(100, { message: "Search must be at most 100 characters" })
    .refine((q) => !q.includes("\u0000"), { message: NUL_MESSAGE })
    .optional(),
  limit: limitOf(FAMILIES_DEFAULT_LIMIT),
  cursor: CursorSchema,
});
export type FamilyListQuery = z.infer<typeof FamilyListQuerySchema>;

export const AuditListQuerySchema = z.object({
  limit: limitOf(AUDIT_DEFAULT_LIMIT),
  cursor: CursorSchema,
});

export const AdminFamilyRowSchema = z.object({
  id: z.string(),
  ownerEmail: z.string(),
  ownerName: z.string(),
  /** The plan in force. */
  plan: z.enum(SUBSCRIPTION_TIERS),
  /** Stripe's subscription status, or null with no subscription. */
  status: z.string().nullable(),
  trialEndsAt: IsoDateSchema.nullable(),
  childrenCount: z.number().int(),
  referralsCount: z.number().int(),
  createdAt: IsoDateSchema,
});
export type AdminFamilyRow = z.infer<typeof AdminFamilyRowSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  adminId: z.string().nullable(),
  adminEmail: z.string(),
  action: z.string(),
  familyId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: IsoDateSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const ChargeSchema = z.object({
  id: z.string(),
  amount: MoneyOutSchema,
  amountRefunded: MoneyOutSchema,
  currency: z.string(),
  created: IsoDateSchema,
  description: z.string().nullable(),
  refunded: z.boolean(),
  refundable: z.boolean(),
  /** Why it cannot be refunded, in words staff read beside the disabled button; null when it can. */
  notRefundableReason: z.string().nullable(),
});
export type Charge = z.infer<typeof ChargeSchema>;

export const AdminFamilySchema = z.object({
  id: z.string(),
  ownerEmail: z.string(),
  ownerName: z.string(),
  createdAt: IsoDateSchema,
  guardians: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: z.enum(["owner", "guardian"]),
    }),
  ),
  childrenCount: z.number().int(),
  billing: BillingSchema,
  /** The plan staff set by hand, or null. */
  staffPlan: z.enum(SUBSCRIPTION_TIERS).nullable(),
  referrals: z.object({
    count: z.number().int(),
    /** The accounts the family's adults referred, newest first (at most 50). */
    referred: z.array(z.object({ id: z.string(), email: z.string(), name: z.string(), createdAt: IsoDateSchema })),
  }),
  /** The last 50 staff changes to this family, newest first. */
  audit: z.array(AuditEntrySchema),
  /** null when payments are not configured or the family has no Stripe customer. */
  charges: z.array(ChargeSchema).nullable(),
  paymentsConfigured: z.boolean(),
});
export type AdminFamily = z.infer<typeof AdminFamilySchema>;

export const SetPlanSchema = z.object({
  plan: z.enum(SUBSCRIPTION_TIERS, { error: "Plan must be one of free, family, premium, family_plus" }),
});
export type SetPlan = z.infer<typeof SetPlanSchema>;

export const RefundRequestSchema = z.object({
  chargeId: z
    .string({ error: "Charge id is required" })
    .trim()
    .min(1, { message: "Charge id is required" })
    .max(100, { message: "Charge id is required" }),
  /** Part of the charge, as "12.50"; the whole amount left when absent. */
  amount: AmountSchema("Amount must be a valid amount (e.g., 12.50)").optional(),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const RefundSchema = z.object({
  id: z.string(),
  chargeId: z.string(),
  amount: MoneyOutSchema,
  currency: z.string(),
  status: z.string().nullable(),
  created: IsoDateSchema,
  refundedBy: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;
