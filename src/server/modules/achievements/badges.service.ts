import { eq } from "drizzle-orm";
import { BADGES, type BadgeEvent, badgesFor } from "../../../shared/rules/badges";
import type { Executor } from "../../db/client";
import { achievements, type ChildRow, children } from "../../db/schema";
import { previousMonthKey } from "../children/children.repository";

/** The rows of the badges the events earn; the unique (child, type) index makes a repeat a no-op. */
export function earnedBadgeRows(childId: string, events: BadgeEvent[], now: Date) {
  const types = [...new Set(events.flatMap(badgesFor))];
  return types.map((type) => ({ childId, ...BADGES[type], earnedAt: now }));
}

/** Awards what the events earn, inside the caller's transaction so a badge exists exactly when its event does. */
export async function awardFor(tx: Executor, childId: string, events: BadgeEvent[], now: Date) {
  const rows = earnedBadgeRows(childId, events, now);
  if (rows.length) await tx.insert(achievements).values(rows).onConflictDoNothing();
}

/** True when the month before `now` has ended without being judged for month-end badges. */
export const monthEndPending = (child: ChildRow, now: Date) => child.reviewedMonth < previousMonthKey(now);

/**
 * Judges the month that ended before `now` ("Budget Boss"). Spending resets lazily, so last month's
 * figures still sit in the child's row until the first write of the new month: every transaction that
 * writes a child's spending, bonus or budget calls this first, under the child's row lock.
 */
export async function reviewEndedMonth(tx: Executor, child: ChildRow, now: Date): Promise<ChildRow> {
  const judged = judgeEndedMonth(child, now);
  if (!judged) return child;
  if (judged.badges.length) await tx.insert(achievements).values(judged.badges).onConflictDoNothing();
  const [updated] = await tx
    .update(children)
    .set({ reviewedMonth: judged.child.reviewedMonth })
    .where(eq(children.id, child.id))
    .returning();
  return updated ?? child;
}

/**
 * The judgement reviewEndedMonth writes, for callers that write it together with their own changes:
 * the child as it is once judged, and the badges earned. null when no ended month awaits judgement.
 */
export function judgeEndedMonth(child: ChildRow, now: Date) {
  if (!monthEndPending(child, now)) return null;
  const month = previousMonthKey(now);
  const spent = child.spentMonth === month ? child.currentSpent : 0;
  const budget = child.monthlyBudget + (child.bonusMonth === month ? child.bonusBudget : 0);
  return {
    child: { ...child, reviewedMonth: month },
    badges: earnedBadgeRows(child.id, [{ kind: "month_ended", spent, budget }], now),
  };
}
