import { z } from "zod";
import "./zod-messages";
import { IsoDateSchema } from "./common";
import { SUBSCRIPTION_TIERS } from "./usage";

/* docs/product-contract.md "Plans and payments"; docs/decisions/150. */

/** The plans a parent can buy online. Family Plus is sold by talking to us ("Contact Sales", spec 001 §9). */
export const CHECKOUT_PLANS = ["family", "premium"] as const;
export type CheckoutPlan = (typeof CHECKOUT_PLANS)[number];
/** Every paid plan: staff may set any of them by hand. */
export const PAID_PLANS = ["family", "premium", "family_plus"] as const;

/** The free trial every offer names: one length everywhere (docs/decisions/150). */
export const TRIAL_DAYS = 14;
/** The legal pages: a family whose payment fails for 7 days has the Free plan's limits until it pays. */
export const SUSPEND_AFTER_DAYS = 7;

export const BillingSchema = z.object({
  /** Whether this server takes payments (Stripe is configured). */
  configured: z.boolean(),
  /** The plan in force now, which every limit follows. */
  plan: z.enum(SUBSCRIPTION_TIERS),
  /** Stripe's subscription status (trialing, active, past_due, canceled, ...), or null with no subscription. */
  status: z.string().nullable(),
  trialEndsAt: IsoDateSchema.nullable(),
  currentPeriodEnd: IsoDateSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The paid plan subscribed to (it may differ from `plan` while suspended). */
  subscribedPlan: z.enum(PAID_PLANS).nullable(),
  /** Whether a checkout now would start with the free trial (a family has one). */
  trialAvailable: z.boolean(),
  /** Since when payments have been failing, or null. */
  paymentFailedAt: IsoDateSchema.nullable(),
  /** When the family was (or will be, while payments fail) moved to the Free plan's limits. */
  suspendsAt: IsoDateSchema.nullable(),
  suspended: z.boolean(),
  /** Plan time granted by referral rewards, or by staff. */
  grantedPlan: z.enum(PAID_PLANS).nullable(),
  grantedUntil: IsoDateSchema.nullable(),
});
export type Billing = z.infer<typeof BillingSchema>;

export const CheckoutRequestSchema = z.object({
  plan: z.enum(CHECKOUT_PLANS, { error: "Choose the Family Plan or Premium" }),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

/** What POST /api/billing/checkout and /api/billing/portal answer: where to send the parent. */
export const RedirectSchema = z.object({ url: z.url() });

/** What every upgrade screen says when this server takes no payments (409 from checkout and portal). */
export const PAYMENTS_NOT_CONFIGURED =
  "Online payment is not set up on this server. To change your plan, contact support and our team will change it for you.";
