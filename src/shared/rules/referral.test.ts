import { describe, expect, test } from "vitest";
import { REWARD_TIERS, referralProgress } from "./referral";

describe("referralProgress (spec 001 §9 tiers 1, 3, 5, 10)", () => {
  test.each([
    { referrals: 0, unlocked: [], next: 1, toNext: 1, percent: 0 },
    { referrals: 1, unlocked: [1], next: 3, toNext: 2, percent: 33 },
    { referrals: 2, unlocked: [1], next: 3, toNext: 1, percent: 67 },
    { referrals: 3, unlocked: [1, 3], next: 5, toNext: 2, percent: 60 },
    { referrals: 5, unlocked: [1, 3, 5], next: 10, toNext: 5, percent: 50 },
    { referrals: 9, unlocked: [1, 3, 5], next: 10, toNext: 1, percent: 90 },
    { referrals: 10, unlocked: [1, 3, 5, 10], next: null, toNext: 0, percent: 100 },
    { referrals: 42, unlocked: [1, 3, 5, 10], next: null, toNext: 0, percent: 100 },
    { referrals: -3, unlocked: [], next: 1, toNext: 1, percent: 0 },
  ])("$referrals referrals", ({ referrals, unlocked, next, toNext, percent }) => {
    const progress = referralProgress(referrals);
    expect(progress.tiers.filter((t) => t.unlocked).map((t) => t.referrals)).toEqual(unlocked);
    expect(progress.nextTier?.referrals ?? null).toBe(next);
    expect(progress.referralsToNext).toBe(toNext);
    expect(progress.percentToNext).toBe(percent);
  });

  test("the rewards are the spec's", () => {
    expect(REWARD_TIERS.map((t) => [t.referrals, t.reward])).toEqual([
      [1, "1 month free"],
      [3, "Premium features"],
      [5, "6 months free plus a debit card"],
      [10, "1 year free plus a coaching session"],
    ]);
  });

  test("tiers given out of order are still judged by their thresholds", () => {
    const progress = referralProgress(4, [REWARD_TIERS[3]!, REWARD_TIERS[0]!, REWARD_TIERS[2]!, REWARD_TIERS[1]!]);
    expect(progress.nextTier?.referrals).toBe(5);
    expect(progress.tiers.map((t) => t.unlocked)).toEqual([true, true, false, false]);
  });
});
