import { type Cents, formatDollars } from "./money";

/*
 * docs/decisions/161: the short list of what changed in a family's spending, from the figures of this month
 * and the month before. Every threshold is here, so the rules read and are tested in one place.
 */

export const INSIGHT_KINDS = ["many_declines", "category_shift", "spent_more"] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

export const INSIGHT_THRESHOLDS = {
  /** Below this much spent in a month, shares of it say nothing (a single $3 sticker is "100% on toys"). */
  minSpentForShares: 1000,
  /** A category's share must move by at least this many percentage points... */
  minShiftPoints: 15,
  /** ...and be at least this large, this month or the last, to be worth saying. */
  minShare: 25,
  /** This month's spending so far is worth a word once it passes last month's total by this factor. */
  spentMoreFactor: 1.5,
  /** Last month must have had at least this much spending to compare with. */
  minSpentToCompare: 1000,
  /** At least this many declines this month... */
  minDeclines: 3,
  /** ...and at least this share of the month's decided requests. */
  minDeclineShare: 0.5,
  /** The list stays short. */
  maxInsights: 5,
} as const;

export interface MonthFigures {
  spentCents: Cents;
  approved: number;
  declined: number;
  /** Spending by category name; items with no category count under `null` and are never named. */
  categories: { category: string | null; cents: Cents }[];
}

export interface ChildFigures {
  childId: string;
  name: string;
  thisMonth: MonthFigures;
  lastMonth: MonthFigures;
}

export interface Insight {
  kind: InsightKind;
  childId: string;
  message: string;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

function shares(month: MonthFigures): Map<string, number> {
  const out = new Map<string, number>();
  if (month.spentCents < INSIGHT_THRESHOLDS.minSpentForShares) return out;
  for (const { category, cents } of month.categories) {
    if (category !== null) out.set(category, percent(cents, month.spentCents));
  }
  return out;
}

/** The category whose share moved most, when it moved enough: "Maya spent 60% on games this month, up from 30%". */
function categoryShift(child: ChildFigures): (Insight & { weight: number }) | null {
  const now = shares(child.thisMonth);
  const before = shares(child.lastMonth);
  if (now.size === 0 || before.size === 0) return null;
  let best: { category: string; now: number; before: number } | null = null;
  for (const category of new Set([...now.keys(), ...before.keys()])) {
    const n = now.get(category) ?? 0;
    const b = before.get(category) ?? 0;
    if (Math.abs(n - b) < INSIGHT_THRESHOLDS.minShiftPoints) continue;
    if (Math.max(n, b) < INSIGHT_THRESHOLDS.minShare) continue;
    // On a tie, what grew is the news: a two-category month moves both by the same points.
    const moved = Math.abs(n - b);
    const bestMoved = best ? Math.abs(best.now - best.before) : -1;
    if (moved > bestMoved || (moved === bestMoved && n > b)) best = { category, now: n, before: b };
  }
  if (!best) return null;
  const direction = best.now > best.before ? "up" : "down";
  return {
    kind: "category_shift",
    childId: child.childId,
    message: `${child.name} spent ${best.now}% on ${best.category} this month, ${direction} from ${best.before}%`,
    weight: Math.abs(best.now - best.before),
  };
}

function spentMore(child: ChildFigures): (Insight & { weight: number }) | null {
  const now = child.thisMonth.spentCents;
  const before = child.lastMonth.spentCents;
  if (before < INSIGHT_THRESHOLDS.minSpentToCompare) return null;
  if (now < before * INSIGHT_THRESHOLDS.spentMoreFactor) return null;
  return {
    kind: "spent_more",
    childId: child.childId,
    message: `${child.name} has spent ${formatDollars(now)} this month, up from ${formatDollars(before)} in all of last month`,
    weight: percent(now - before, before),
  };
}

function manyDeclines(child: ChildFigures): (Insight & { weight: number }) | null {
  const { approved, declined } = child.thisMonth;
  const decided = approved + declined;
  if (declined < INSIGHT_THRESHOLDS.minDeclines) return null;
  if (declined / decided < INSIGHT_THRESHOLDS.minDeclineShare) return null;
  return {
    kind: "many_declines",
    childId: child.childId,
    message: `${declined} of ${child.name}'s ${decided} decided requests were declined this month`,
    weight: percent(declined, decided),
  };
}

const RANK: Record<InsightKind, number> = { many_declines: 0, category_shift: 1, spent_more: 2 };

/** What changed, most telling first: declines, then shifts between categories, then spending that jumped. */
export function spendingInsights(children: ChildFigures[]): Insight[] {
  const found = children.flatMap((child) =>
    [manyDeclines(child), categoryShift(child), spentMore(child)].filter((i) => i !== null),
  );
  found.sort((a, b) => RANK[a.kind] - RANK[b.kind] || b.weight - a.weight);
  return found
    .slice(0, INSIGHT_THRESHOLDS.maxInsights)
    .map(({ kind, childId, message }) => ({ kind, childId, message }));
}
