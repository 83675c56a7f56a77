import { z } from "zod";
import "./zod-messages";
import { EmailSchema } from "./auth";

export const REFERRAL_REWARD_KINDS = ["stripe_credit", "plan_time"] as const;

export const ReferralTierSchema = z.object({
  referrals: z.number().int(),
  reward: z.string(),
  unlocked: z.boolean(),
});

export const ReferralRewardSchema = z.object({
  /** The tier's number of referrals: 1, 3, 5 or 10. */
  tier: z.number().int(),
  /** A credit on the family's Stripe balance, or plan time when it pays no one through Stripe. */
  kind: z.enum(REFERRAL_REWARD_KINDS),
  grantedAt: z.iso.datetime(),
});
export type ReferralReward = z.infer<typeof ReferralRewardSchema>;

/** GET /api/referrals: the signed-in parent's link, how many families joined through it, and the tiers. */
export const ReferralsSchema = z.object({
  code: z.string(),
  link: z.string(),
  count: z.number().int(),
  tiers: z.array(ReferralTierSchema),
  referralsToNext: z.number().int(),
  percentToNext: z.number().int(),
  rewards: z.array(ReferralRewardSchema),
});
export type Referrals = z.infer<typeof ReferralsSchema>;

export const ReferralInviteSchema = z.object({
  email: z.string({ error: "E-mail is required" }).trim().min(1, { message: "E-mail is required" }).pipe(EmailSchema),
});
export type ReferralInvite = z.input<typeof ReferralInviteSchema>;

export const ReferralInviteAcceptedSchema = z.object({ message: z.string() });
