import type { Usage } from "../schemas/usage";

export type NudgeType = "soft" | "hard" | "limit_reached";

/** spec 000 §9: nudge thresholds 60, 80 and 100 percent; nudge count thresholds 2 and 3. */
export const SOFT_NUDGE_PERCENT = 60;
export const HARD_NUDGE_PERCENT = 80;
export const HARD_NUDGE_UNTIL_COUNT = 2;
export const HIDE_NUDGE_FROM_COUNT = 3;

/**
 * spec 000 §4 "Usage nudge": which upgrade nudge to show for this month's usage, or null for none.
 * Percentages compare in whole numbers (usage × 100 against limit × threshold) so 4 of 5 is exactly 80.
 */
export function nudgeFor(
  usage: Pick<Usage, "tier" | "currentUsage" | "limit" | "hasSeenNudge" | "nudgeCount">,
): NudgeType | null {
  const { tier, currentUsage, limit, hasSeenNudge, nudgeCount } = usage;
  if (tier !== "free" || limit === null || limit <= 0) return null;
  const atLeast = (percent: number) => currentUsage * 100 >= limit * percent;
  if (atLeast(100)) return "limit_reached";
  if (hasSeenNudge && nudgeCount >= HIDE_NUDGE_FROM_COUNT) return null;
  if (atLeast(HARD_NUDGE_PERCENT)) return !hasSeenNudge || nudgeCount < HARD_NUDGE_UNTIL_COUNT ? "hard" : null;
  if (atLeast(SOFT_NUDGE_PERCENT)) return hasSeenNudge ? null : "soft";
  return null;
}
