import type { BadgeEvent } from "../../../shared/rules/badges";
import { type Cents, formatCents, parseCents } from "../../../shared/rules/money";
import type { CartItem } from "../../../shared/schemas/carts";
import type { BudgetCategoryRow, ChildRow, UserRow } from "../../db/schema";
import { conflict } from "../../lib/http-errors";
import { monthKey, startOfMonth } from "../../lib/month";
import { earnedBadgeRows } from "./badges";
import type { BudgetChanges } from "./budget-write";
import { categorySpent, monthAmounts, monthlyPurchasesUsed } from "./month-figures";

/** The largest amount numeric(10,2) holds: 99999999.99. */
export const MAX_AMOUNT_CENTS: Cents = 9_999_999_999;

export const itemAmount = (item: CartItem): Cents => parseCents(item.price) * item.quantity;

/** What the cart's items bring to each of the child's categories; items in no current category count toward none. */
export function sharesByCategory(items: CartItem[], categories: BudgetCategoryRow[]) {
  const byName = new Map(categories.map((c) => [c.name.toLowerCase(), c]));
  const shares = new Map<BudgetCategoryRow, Cents>();
  for (const item of items) {
    const category = item.category ? byName.get(item.category.toLowerCase()) : undefined;
    if (category) shares.set(category, (shares.get(category) ?? 0) + itemAmount(item));
  }
  return shares;
}

function sumWithinMax(a: Cents, b: Cents, what: string) {
  if (a + b > MAX_AMOUNT_CENTS) throw conflict(`This would take ${what} past ${formatCents(MAX_AMOUNT_CENTS)}`);
  return a + b;
}

/** A cart's items may name categories; only then do the child's categories need reading and locking. */
export const namesCategories = (items: CartItem[]) => items.some((item) => item.category !== undefined);

/**
 * What an approval does, whether a parent decides it or auto-approval does: the cart's total joins the
 * child's and its categories' spending for the month, the parent's plan counts one more purchase, and
 * the first approved purchase earns a badge. Answered as the rows will be afterwards, to be written
 * with the cart itself (budget-write). Callers hold the family lock and the child's and
 * categories' row locks, and have judged any month that ended.
 */
export function purchaseChanges(
  p: { user: UserRow; child: ChildRow; total: Cents; items: CartItem[]; categories: BudgetCategoryRow[]; now: Date },
  alsoEarned: BadgeEvent[] = [],
): Pick<BudgetChanges, "children" | "users" | "categories" | "badges"> {
  const { user, child, total, items, categories, now } = p;
  const month = monthKey(now);
  const { spent } = monthAmounts(child, now);
  return {
    children: [
      {
        ...child,
        currentSpent: sumWithinMax(spent, total, "this month's spending"),
        spentMonth: month,
        updatedAt: now,
      },
    ],
    users: [
      {
        ...user,
        monthlyPurchases: monthlyPurchasesUsed(user, now) + 1,
        lastResetDate: startOfMonth(now),
        updatedAt: now,
      },
    ],
    categories: [...sharesByCategory(items, categories)].map(([category, amount]) => ({
      ...category,
      currentSpent: sumWithinMax(categorySpent(category, month), amount, `spending on ${category.name}`),
      spentMonth: month,
      updatedAt: now,
    })),
    badges: earnedBadgeRows(child.id, [...alsoEarned, { kind: "purchase_approved" }], now),
  };
}
