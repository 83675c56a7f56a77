import type { FastifyInstance } from "fastify";
import { BADGES, type BadgeEvent, badgesFor } from "../../../shared/rules/badges";
import type { Tx } from "../../db/client";
import type { ChildRow } from "../../db/schema";
import { announced } from "./announcements";
import { writeBudgetChanges } from "./budget-write";
import { inFamilyTransaction, lockFamilyChild } from "./family-lock";
import { previousMonthKey } from "./month-figures";

/** The rows of the badges the events earn; the unique (child, type) index makes a repeat a no-op. */
export function earnedBadgeRows(childId: string, events: BadgeEvent[], now: Date) {
  const types = [...new Set(events.flatMap(badgesFor))];
  return types.map((type) => ({ childId, ...BADGES[type], earnedAt: now }));
}

/** True when the month before `now` has ended without being judged for month-end badges. */
export const monthEndPending = (child: ChildRow, now: Date) => child.reviewedMonth < previousMonthKey(now);

/**
 * Judges the month that ended before `now` ("Budget Boss", decision 033): the child as it is once
 * judged, and the badges earned; null when no ended month awaits judgement. Spending resets lazily, so
 * last month's figures still sit in the child's row until the first write of the new month: every
 * write of a child's spending, bonus or budget judges first, under the child's row lock, and writes the
 * judgement with its own changes.
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

/** judgeEndedMonth written on its own, for a write whose other changes are not the month's figures. */
export async function reviewEndedMonth(tx: Tx, child: ChildRow, now: Date): Promise<ChildRow> {
  const judged = judgeEndedMonth(child, now);
  if (!judged) return child;
  await writeBudgetChanges(tx, announced(child.parentId, { children: [judged.child], badges: judged.badges }));
  return judged.child;
}

/**
 * Month-end badges are judged on the first request that sees a new month, reads included, so a child
 * who opens the dashboard on the 1st sees last month's badge.
 */
export async function withEndedMonthsReviewed(app: FastifyInstance, parentId: string, rows: ChildRow[]) {
  const now = app.now();
  if (!rows.some((row) => monthEndPending(row, now))) return rows;
  return inFamilyTransaction(app, parentId, async (tx) => {
    const reviewed: ChildRow[] = [];
    for (const row of rows) {
      const locked = monthEndPending(row, now) ? await lockFamilyChild(tx, parentId, row.id) : row;
      if (locked) reviewed.push(await reviewEndedMonth(tx, locked, now));
    }
    return reviewed;
  });
}
