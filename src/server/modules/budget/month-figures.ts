import type { BudgetCategoryRow, ChildRow, UserRow } from "../../db/schema";
import { monthKey, startOfMonth } from "../../lib/month";

/*
 * Decision 001: each running amount is stored with the month it belongs to and reads as 0 in any other
 * month, so nothing resets at midnight. Every reader and writer of these amounts goes through here.
 */

/** "2026-10" when `now` falls in November 2026. */
export function previousMonthKey(now: Date): string {
  return monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

/**
 * The month-dependent amounts of a child, read as of `now`: another month's spending counts as 0. `saved`
 * is what moved into savings goals this month (less what deleted goals gave back, so it can be below 0);
 * `budget` is what the month has to spend once that is out, so `budget - spent` is the budget left that
 * every purchase rule, warning and screen reads (docs/decisions/153).
 */
export function monthAmounts(row: ChildRow, now: Date) {
  const month = monthKey(now);
  const spent = row.spentMonth === month ? row.currentSpent : 0;
  const bonus = row.bonusMonth === month ? row.bonusBudget : 0;
  const saved = row.goalMonth === month ? row.goalTransfers : 0;
  return { spent, bonus, saved, budget: row.monthlyBudget + bonus - saved, month };
}

/** Spent in the category in `month`; spending resets lazily like the child's. */
export const categorySpent = (row: BudgetCategoryRow, month: string) =>
  row.spentMonth === month ? row.currentSpent : 0;

/** Purchases approved this month: the stored count belongs to the month of lastResetDate. */
export function monthlyPurchasesUsed(user: UserRow, now: Date): number {
  return user.lastResetDate >= startOfMonth(now) ? user.monthlyPurchases : 0;
}
