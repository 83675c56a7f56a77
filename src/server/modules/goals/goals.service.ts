import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { goalMissing, goalRetailer, MAX_OPEN_GOALS } from "../../../shared/rules/goals";
import { type Cents, formatCents, formatDollars, parseCents } from "../../../shared/rules/money";
import type { GoalContributionCreate, GoalCreate, GoalUpdate } from "../../../shared/schemas/goals";
import type { Tx } from "../../db/client";
import type { CartRow, ChildRow, GoalContributionSource, SavingsGoalRow, UserRow } from "../../db/schema";
import { codedError, conflict, forbidden, notFound } from "../../lib/http-errors";
import { type Actor, assertActorMaySee, familyOf } from "../../plugins/auth";
import {
  type BudgetChanges,
  changeCartBudget,
  changeFamilyBudget,
  type Decided,
  inChildTransaction,
  inFamilyTransaction,
  judgeEndedMonth,
  monthAmounts,
} from "../budget/budget";
import { CART_NOT_FOUND } from "../carts/cart-decisions.service";
import { assertChildMayAsk, assertChildMayShop, decideSubmission } from "../carts/cart-submission.service";
import { CHILD_NOT_FOUND } from "../children/children.service";
import type { EventInsert } from "../events/events";
import { publishEvent } from "../events/events";
import {
  countOpenGoals,
  deleteGoal,
  familyApprovalWindowHours,
  findOpenGoalLike,
  insertContribution,
  insertGoal,
  lockFamilyGoal,
  saveGoal,
} from "./goals.repository";

/*
 * docs/product-contract.md "Learning and saving", docs/decisions/153: money a child moves into a goal
 * leaves this month's budget left (children.goal_transfers, read by the budget module's monthAmounts), in
 * the same transaction and under the same family lock as every purchase, so no race spends it twice.
 */

export const GOAL_NOT_FOUND = "Goal not found";
const ONLY_PARENTS_MATCH = "Only a parent can add their own money to a goal";

export type Found = { goal: SavingsGoalRow; child: ChildRow };

/** docs/product-contract.md "Hearing at once": every change of a goal is heard by the family and the child. */
const goalUpdated = (familyId: string, goal: SavingsGoalRow): EventInsert => ({
  type: "goal.updated",
  familyId,
  childId: goal.childId,
  data: { childId: goal.childId, goalId: goal.id },
});

/** The goal's money that deleting it would give back: none once "Ask to buy it" has released it. */
export const returnableMoney = (goal: SavingsGoalRow): Cents => (goal.status === "bought" ? 0 : goal.saved);

/** A new goal, refused once the child has MAX_OPEN_GOALS open ones. */
export function decideNewGoal(
  childId: string,
  input: { name: string; target: Cents; url: string | null },
  openGoals: number,
  now: Date,
): SavingsGoalRow {
  if (openGoals >= MAX_OPEN_GOALS) {
    throw codedError(
      409,
      "goal_limit",
      `You already have ${MAX_OPEN_GOALS} goals. Reach or delete one before you start a new one.`,
    );
  }
  return {
    id: randomUUID(),
    childId,
    name: input.name,
    target: input.target,
    saved: 0,
    url: input.url,
    status: "active",
    reachedAt: null,
    cartId: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** A goal with its status following its money: reached once saved covers the target, active again below it. */
function withStatus(goal: SavingsGoalRow, now: Date): SavingsGoalRow {
  if (goal.status === "bought") return goal;
  if (goal.saved >= goal.target)
    return goal.status === "reached" ? goal : { ...goal, status: "reached", reachedAt: now };
  return { ...goal, status: "active", reachedAt: null };
}

/** A change of name, target or link; a goal already asked for stays as it was. */
export function decideGoalEdit(goal: SavingsGoalRow, input: GoalUpdate, now: Date): SavingsGoalRow {
  if (goal.status === "bought") throw conflict("You already asked to buy this goal, so it can no longer be changed");
  return withStatus(
    {
      ...goal,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.target !== undefined ? { target: parseCents(input.target) } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      updatedAt: now,
    },
    now,
  );
}

/**
 * Money into a goal. The child's own (`child`) comes out of this month's budget left and never more than
 * is left; a guardian's `match` is their own money and leaves the child's budget as it is. Neither puts
 * more in than the goal still misses. Last month is judged first (decision 033), as every write of the
 * month's figures does.
 */
export function decideContribution(
  found: Found,
  input: { amount: Cents; source: GoalContributionSource },
  now: Date,
): { goal: SavingsGoalRow; changes: Pick<BudgetChanges, "children" | "badges"> } {
  const { goal } = found;
  if (goal.status !== "active") throw conflict(`You already reached your goal "${goal.name}"`);
  const missing = goalMissing(goal.saved, goal.target);
  if (input.amount > missing) {
    throw conflict(`Only ${formatDollars(missing)} more reaches "${goal.name}". Add that much or less.`);
  }
  const saved = withStatus({ ...goal, saved: goal.saved + input.amount, updatedAt: now }, now);
  if (input.source === "match") return { goal: saved, changes: { children: [], badges: [] } };

  const judged = judgeEndedMonth(found.child, now);
  const child = judged?.child ?? found.child;
  const { spent, budget, saved: movedThisMonth, month } = monthAmounts(child, now);
  const left = Math.max(0, budget - spent);
  if (input.amount > left) {
    throw codedError(
      409,
      "not_enough_left",
      left === 0
        ? "You have no money left this month to move into a goal."
        : `You only have ${formatDollars(left)} left this month, so you can move at most that into a goal.`,
    );
  }
  return {
    goal: saved,
    changes: {
      children: [{ ...child, goalTransfers: movedThisMonth + input.amount, goalMonth: month, updatedAt: now }],
      badges: judged?.badges ?? [],
    },
  };
}

/** Deleting a goal gives its money back to this month's budget, whichever month it was saved in. */
export function decideGoalRemoval(found: Found, now: Date): Pick<BudgetChanges, "children" | "badges"> {
  const back = returnableMoney(found.goal);
  if (back === 0) return { children: [], badges: [] };
  const judged = judgeEndedMonth(found.child, now);
  const child = judged?.child ?? found.child;
  const { saved, month } = monthAmounts(child, now);
  return {
    children: [{ ...child, goalTransfers: saved - back, goalMonth: month, updatedAt: now }],
    badges: judged?.badges ?? [],
  };
}

/** What a declined cart becomes as a goal: its one item (or the shop's name for several), its total, the item's link. */
export function goalFromCart(cart: CartRow): { name: string; target: Cents; url: string | null } {
  if (cart.status !== "declined") throw conflict("Only a declined cart can become a goal");
  if (cart.total <= 0) throw conflict("This cart has nothing to save for");
  const [first] = cart.items;
  const name = cart.items.length === 1 && first ? first.name : `My ${cart.retailer} cart`;
  return { name: name.slice(0, 100), target: cart.total, url: cart.items.find((i) => i.url)?.url ?? null };
}

/**
 * "Ask to buy it": the goal's money goes back into this month's budget and an ordinary cart asks for the
 * goal, decided by the ordinary rules in the same write, so the purchase is paid from what was saved.
 */
export function decideAskToBuy(
  user: UserRow,
  found: Found,
  approvalWindowHours: number | undefined,
  now: Date,
): Decided<{ goal: SavingsGoalRow; cart: CartRow }> {
  const { goal } = found;
  if (goal.status === "bought") throw conflict("You already asked to buy this goal");
  if (goal.status !== "reached")
    throw conflict(`Save ${formatDollars(goalMissing(goal.saved, goal.target))} more first`);
  const released = decideGoalRemoval(found, now);
  const child = released.children[0] ?? found.child;
  const item = {
    name: goal.name,
    price: formatCents(goal.target),
    quantity: 1,
    ...(goal.url ? { url: goal.url } : {}),
  };
  const submitted = decideSubmission(
    user,
    child,
    { retailer: goalRetailer(goal.url), items: [item], notes: `Paid from my savings goal "${goal.name}"` },
    [],
    now,
    { approvalWindowHours },
  );
  const cart = submitted.result;
  const submittedChild = submitted.changes?.children?.find((c) => c.id === child.id);
  return {
    result: { goal: { ...goal, status: "bought", cartId: cart.id, updatedAt: now }, cart },
    changes: {
      ...submitted.changes,
      children: [submittedChild ?? child],
      badges: [...released.badges, ...(submitted.changes?.badges ?? [])],
    },
  };
}

/** The actor's family's goal and its child, locked; a child session reaches only its own (403). */
async function lockVisibleGoal(tx: Tx, actor: Actor, goalId: string): Promise<Found> {
  const found = await lockFamilyGoal(tx, familyOf(actor), goalId);
  if (!found) throw notFound(GOAL_NOT_FOUND);
  assertActorMaySee(actor, found.child.id);
  return found;
}

export function createGoal(app: FastifyInstance, actor: Actor, childId: string, input: GoalCreate) {
  assertActorMaySee(actor, childId);
  const familyId = familyOf(actor);
  // The child's lock keeps two goals made at once from passing the cap together.
  return inChildTransaction(app, familyId, childId, CHILD_NOT_FOUND, async (tx, { child }) => {
    const goal = decideNewGoal(
      child.id,
      { name: input.name, target: parseCents(input.target), url: input.url ?? null },
      await countOpenGoals(tx, child.id),
      app.now(),
    );
    const row = await insertGoal(tx, goal);
    await publishEvent(tx, goalUpdated(familyId, row));
    return row;
  });
}

export function editGoal(app: FastifyInstance, actor: Actor, goalId: string, input: GoalUpdate) {
  return inFamilyTransaction(app, familyOf(actor), async (tx) => {
    const found = await lockVisibleGoal(tx, actor, goalId);
    const row = await saveGoal(tx, decideGoalEdit(found.goal, input, app.now()));
    await publishEvent(tx, goalUpdated(familyOf(actor), row));
    return row;
  });
}

export function removeGoal(app: FastifyInstance, actor: Actor, goalId: string) {
  const familyId = familyOf(actor);
  return changeFamilyBudget(app, familyId, async (tx) => {
    const found = await lockVisibleGoal(tx, actor, goalId);
    const changes = decideGoalRemoval(found, app.now());
    await deleteGoal(tx, found.goal.id);
    return { result: found.goal, changes: { ...changes, events: [goalUpdated(familyId, found.goal)] } };
  });
}

export function contribute(app: FastifyInstance, actor: Actor, goalId: string, input: GoalContributionCreate) {
  const source = input.source ?? "child";
  if (source === "match" && actor.kind !== "parent") throw forbidden(ONLY_PARENTS_MATCH);
  const familyId = familyOf(actor);
  return changeFamilyBudget(app, familyId, async (tx) => {
    const found = await lockVisibleGoal(tx, actor, goalId);
    const now = app.now();
    const amount = parseCents(input.amount);
    const { goal, changes } = decideContribution(found, { amount, source }, now);
    const row = await saveGoal(tx, goal);
    await insertContribution(tx, {
      goalId: goal.id,
      amount,
      source,
      byUserId: actor.kind === "parent" ? actor.guardian.userId : null,
      createdAt: now,
    });
    return { result: row, changes: { ...changes, events: [goalUpdated(familyId, row)] } };
  });
}

/** docs/product-contract.md "Learning and saving": a declined cart becomes a goal in one request. */
export function goalForCart(app: FastifyInstance, actor: Actor, cartId: string) {
  const familyId = familyOf(actor);
  return changeCartBudget(app, familyId, cartId, async (tx, locked) => {
    if (!locked) throw notFound(CART_NOT_FOUND);
    assertActorMaySee(actor, locked.child.id);
    const wanted = goalFromCart(locked.cart);
    const same = await findOpenGoalLike(tx, locked.child.id, wanted.name, wanted.target);
    if (same) return { result: { goal: same, created: false } };
    const goal = decideNewGoal(locked.child.id, wanted, await countOpenGoals(tx, locked.child.id), app.now());
    const row = await insertGoal(tx, goal);
    return { result: { goal: row, created: true }, changes: { events: [goalUpdated(familyId, row)] } };
  });
}

export async function askToBuy(app: FastifyInstance, actor: Actor, goalId: string) {
  const familyId = familyOf(actor);
  await assertChildMayAsk(app, actor);
  return changeFamilyBudget(app, familyId, async (tx, user) => {
    const found = await lockVisibleGoal(tx, actor, goalId);
    await assertChildMayShop(tx, user, found.child);
    const decided = decideAskToBuy(user, found, await familyApprovalWindowHours(tx, familyId), app.now());
    const goal = await saveGoal(tx, decided.result.goal);
    return {
      result: { goal, cart: decided.result.cart },
      changes: { ...decided.changes, events: [goalUpdated(familyId, goal)] },
    };
  });
}
