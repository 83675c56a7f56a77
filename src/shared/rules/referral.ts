// spec 001 §9: referral reward tiers.
export interface RewardTier {
  referrals: number;
  reward: string;
}

export const REWARD_TIERS: readonly RewardTier[] = [
  { referrals: 1, reward: "1 month free" },
  { referrals: 3, reward: "Premium features" },
  { referrals: 5, reward: "6 months free plus a debit card" },
  { referrals: 10, reward: "1 year free plus a coaching session" },
];

export interface ReferralProgress {
  tiers: (RewardTier & { unlocked: boolean })[];
  /** The next tier still locked, or null when every tier is unlocked. */
  nextTier: RewardTier | null;
  referralsToNext: number;
  /** Share of the way to the next tier (or 100 once all are unlocked), 0-100. */
  percentToNext: number;
}

/** Which tiers a number of successful referrals unlocks, and how far the next one is. */
export function referralProgress(referrals: number, tiers: readonly RewardTier[] = REWARD_TIERS): ReferralProgress {
  const count = Math.max(0, Math.floor(referrals));
  const sorted = [...tiers].sort((a, b) => a.referrals - b.referrals);
  const nextTier = sorted.find((t) => t.referrals > count) ?? null;
  return {
    tiers: sorted.map((t) => ({ ...t, unlocked: count >= t.referrals })),
    nextTier,
    referralsToNext: nextTier ? nextTier.referrals - count : 0,
    percentToNext: nextTier ? Math.round((count / nextTier.referrals) * 100) : 100,
  };
}
