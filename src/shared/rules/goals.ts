import type { Cents } from "./money";

/** docs/decisions/153: at most this many goals are being saved for at once (active or reached, not yet asked for). */
export const MAX_OPEN_GOALS = 20;

/** The share of the target saved, 0 to 100, for a progress bar. */
export function goalPercent(saved: Cents, target: Cents): number {
  if (target <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((saved * 100) / target)));
}

/** What is still missing to reach the target; never below 0. */
export const goalMissing = (saved: Cents, target: Cents): Cents => Math.max(0, target - saved);

/**
 * The retailer a goal's "Ask to buy it" cart names: the shop in the goal's link ("www." dropped), or
 * "My goal" when it has none.
 */
export function goalRetailer(url: string | null | undefined): string {
  if (!url) return "My goal";
  try {
    const host = new URL(url).hostname.replace(/^www\./i, "");
    return host || "My goal";
  } catch {
    return "My goal";
  }
}
