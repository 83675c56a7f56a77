import { z } from "zod";
import "./zod-messages";

export const SUBSCRIPTION_TIERS = ["free", "family", "premium", "family_plus"] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const UsageSchema = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  currentUsage: z.number().int(),
  /** null when the plan has no purchase limit. */
  limit: z.number().int().nullable(),
  hasSeenNudge: z.boolean(),
  nudgeCount: z.number().int(),
});
export type Usage = z.infer<typeof UsageSchema>;
