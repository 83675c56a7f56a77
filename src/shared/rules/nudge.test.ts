import { describe, expect, it } from "vitest";
import type { Usage } from "../schemas/usage";
import { type NudgeType, nudgeFor } from "./nudge";

type Row = [percent: number, hasSeenNudge: boolean, nudgeCount: number, expected: NudgeType | null];

// spec 000 §4: a limit of 100 makes usage read as the percentage itself.
const freeRows: Row[] = [
  [0, false, 0, null],
  [59, false, 0, null],
  [59, true, 1, null],
  [60, false, 0, "soft"],
  [60, true, 1, null],
  [79, false, 0, "soft"],
  [79, true, 1, null],
  [79, true, 3, null],
  [80, false, 0, "hard"],
  [80, true, 1, "hard"],
  [80, true, 2, null],
  [80, true, 3, null],
  [99, false, 0, "hard"],
  [99, false, 3, "hard"],
  [99, true, 1, "hard"],
  [99, true, 2, null],
  [99, true, 3, null],
  [100, false, 0, "limit_reached"],
  [100, true, 1, "limit_reached"],
  [100, true, 2, "limit_reached"],
  [100, true, 3, "limit_reached"],
  [130, true, 9, "limit_reached"],
];

const usage = (u: Partial<Usage>): Usage => ({
  tier: "free",
  currentUsage: 0,
  limit: 100,
  hasSeenNudge: false,
  nudgeCount: 0,
  ...u,
});

describe("nudgeFor", () => {
  it.each(freeRows)("free tier at %i%%, seen %s, count %i: %s", (percent, hasSeenNudge, nudgeCount, expected) => {
    expect(nudgeFor(usage({ currentUsage: percent, hasSeenNudge, nudgeCount }))).toBe(expected);
  });

  it.each<[number, NudgeType | null]>([
    [2, null],
    [3, "soft"],
    [4, "hard"],
    [5, "limit_reached"],
    [6, "limit_reached"],
  ])("the Free plan's 5 purchases: %i used gives %s", (currentUsage, expected) => {
    expect(nudgeFor(usage({ currentUsage, limit: 5 }))).toBe(expected);
  });

  it.each(["family", "premium", "family_plus"] as const)("never nudges on %s", (tier) => {
    for (const [percent, hasSeenNudge, nudgeCount] of freeRows) {
      expect(nudgeFor(usage({ tier, currentUsage: percent, hasSeenNudge, nudgeCount }))).toBeNull();
    }
    expect(nudgeFor(usage({ tier, currentUsage: 50, limit: null }))).toBeNull();
  });

  it("never nudges without a limit", () => {
    expect(nudgeFor(usage({ currentUsage: 10, limit: null }))).toBeNull();
    expect(nudgeFor(usage({ currentUsage: 10, limit: 0 }))).toBeNull();
  });
});
