import type { BadgeType } from "../../../shared/rules/badges";
import type { Cents } from "../../../shared/rules/money";
import { BUDGET_WARNING_PERCENTS } from "../../../shared/schemas/events";
import type { EventInsert } from "../../db/live-events";
import type { CartRow, ChildRow } from "../../db/schema";
import { addChanges, type BudgetChanges, noChanges } from "./budget-write";
import { monthAmounts } from "./month-figures";

/**
 * docs/product-contract.md "Hearing at once": the events a family's budget write tells its screens of,
 * added to the write's changes so the one statement writes and announces them (docs/decisions/131):
 * every new cart (`cart.submitted`), every decided cart (`cart.decided`, or `cart.completed` once it is
 * bought), each badge row
 * (`badge.earned`) and a child's spending passing 75% or 90% of the month's budget (`budget.warning`).
 *
 * A badge row repeats a badge already earned more often than not (every cart earns "First Cart"), and
 * only the statement's insert knows which are new, so its `badge.earned` is written only when the badge
 * row is (budget-write).
 */
export function announced(familyId: string, changes: Partial<BudgetChanges> | undefined): BudgetChanges {
  const all = noChanges();
  addChanges(all, changes);
  const cartEvent = (type: "cart.submitted" | "cart.decided" | "cart.completed", cart: CartRow): EventInsert => ({
    type,
    familyId,
    childId: cart.childId,
    data: { cartId: cart.id, childId: cart.childId, status: cart.status },
  });
  all.events.push(
    ...all.newCarts.map((cart) => cartEvent("cart.submitted", cart)),
    // A cart marked as bought was decided long before: it is announced as completed (docs/decisions/140).
    ...all.decidedCarts.map((cart) => cartEvent(cart.status === "completed" ? "cart.completed" : "cart.decided", cart)),
    ...all.badges.map(
      (badge): EventInsert => ({
        type: "badge.earned",
        familyId,
        childId: badge.childId,
        data: { childId: badge.childId, type: badge.type as BadgeType },
      }),
    ),
    ...all.children.flatMap((child) => budgetWarnings(familyId, child, approvedTotal(all, child.id))),
  );
  return all;
}

/** What the write's approvals add to the child's spending: carts approved as they arrive, or by a decision. */
function approvedTotal(changes: BudgetChanges, childId: string): Cents {
  return [...changes.newCarts, ...changes.decidedCarts]
    .filter((cart) => cart.childId === childId && cart.status === "approved")
    .reduce((sum, cart) => sum + cart.total, 0);
}

/**
 * The highest warning level the write's spending passed, if any: one message per purchase, however many
 * levels it jumps. `after` is the child as written (its spending belongs to the current month), so its
 * spending before the write is that less what this write approved.
 */
function budgetWarnings(familyId: string, after: ChildRow, approved: Cents): EventInsert[] {
  if (approved === 0) return [];
  const { spent, budget } = monthAmounts(after, new Date(`${after.spentMonth}-01T00:00:00Z`));
  const before = spent - approved;
  const passed = BUDGET_WARNING_PERCENTS.filter(
    (percent) => before * 100 < percent * budget && spent * 100 >= percent * budget,
  );
  const percent = passed.at(-1);
  return percent === undefined
    ? []
    : [{ type: "budget.warning", familyId, childId: after.id, data: { childId: after.id, percent } }];
}
