import type { FastifyInstance } from "fastify";
import { parseCents } from "../../../shared/rules/money";
import type { ChoreUpdate } from "../../../shared/schemas/chores";
import type { Tx } from "../../db/client";
import type { ChildRow, ChoreRow } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-errors";
import { type Actor, assertActorMaySee, familyOf } from "../../plugins/auth";
import {
  type BudgetChanges,
  changeFamilyBudget,
  earnedBadgeRows,
  inFamilyTransaction,
  judgeEndedMonth,
  MAX_AMOUNT_CENTS,
  monthAmounts,
} from "../budget/budget";
import { type EventInsert, publishEvent } from "../events/events";
import { countConfirmedChores, deleteChore, findFamilyChore, updateChore } from "./chores.repository";

export const CHORE_NOT_FOUND = "Chore not found";
const ALREADY_CONFIRMED = "This chore is already confirmed";

/** The chore and its child, both locked after the family lock; a child session reaches only its own (403). */
async function lockVisibleChore(tx: Tx, actor: Actor | { kind: "family"; familyId: string }, choreId: string) {
  const found = await findFamilyChore(tx, actor.kind === "family" ? actor.familyId : familyOf(actor), choreId, true);
  if (!found) throw notFound(CHORE_NOT_FOUND);
  if (actor.kind !== "family") assertActorMaySee(actor, found.child.id);
  return found;
}

/** docs/product-contract.md "Hearing at once": every change of a chore is heard by the family and the child. */
export const choreUpdated = (familyId: string, chore: ChoreRow): EventInsert => ({
  type: "chore.updated",
  familyId,
  childId: chore.childId,
  data: { choreId: chore.id, childId: chore.childId },
});

export const dueDateFrom = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** A confirmed chore has paid its reward, so it stays as it was confirmed. */
export function editChore(app: FastifyInstance, parentId: string, choreId: string, input: ChoreUpdate) {
  return inFamilyTransaction(app, parentId, async (tx) => {
    const { chore } = await lockVisibleChore(tx, { kind: "family", familyId: parentId }, choreId);
    if (chore.isCompleted) throw conflict(`${ALREADY_CONFIRMED}, so it can no longer be changed`);
    await publishEvent(tx, choreUpdated(parentId, chore));
    return updateChore(tx, chore.id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.reward !== undefined ? { reward: parseCents(input.reward) } : {}),
      ...(input.dueDate !== undefined ? { dueDate: dueDateFrom(input.dueDate) } : {}),
      updatedAt: app.now(),
    });
  });
}

export function removeChore(app: FastifyInstance, parentId: string, choreId: string) {
  return inFamilyTransaction(app, parentId, async (tx) => {
    const { chore } = await lockVisibleChore(tx, { kind: "family", familyId: parentId }, choreId);
    await deleteChore(tx, chore.id);
    await publishEvent(tx, choreUpdated(parentId, chore));
  });
}

/** The child (or the parent) says the chore is done; marking it again changes nothing. */
export function markChoreDone(app: FastifyInstance, actor: Actor, choreId: string) {
  return inFamilyTransaction(app, familyOf(actor), async (tx) => {
    const { chore } = await lockVisibleChore(tx, actor, choreId);
    if (chore.isCompleted) throw conflict(ALREADY_CONFIRMED);
    if (chore.markedDoneAt) return chore;
    const now = app.now();
    await publishEvent(tx, choreUpdated(familyOf(actor), chore));
    return updateChore(tx, chore.id, { markedDoneAt: now, updatedAt: now });
  });
}

/**
 * docs/product-contract.md "Chores, badges, categories": confirming pays the reward into the child's
 * budget for the month of confirmation, under the family lock so it never races an approval that reads
 * the budget, and only once.
 */
export function confirmChore(app: FastifyInstance, parentId: string, choreId: string) {
  return changeFamilyBudget(app, parentId, async (tx) => {
    const found = await lockVisibleChore(tx, { kind: "family", familyId: parentId }, choreId);
    if (found.chore.isCompleted) throw conflict(ALREADY_CONFIRMED);
    const now = app.now();
    const changes = decideChoreConfirmation(found, (await countConfirmedChores(tx, found.child.id)) + 1, now);
    await publishEvent(tx, choreUpdated(parentId, found.chore));
    const chore = await updateChore(tx, found.chore.id, {
      isCompleted: true,
      completedAt: now,
      markedDoneAt: found.chore.markedDoneAt ?? now,
      updatedAt: now,
    });
    return { result: chore, changes };
  });
}

/**
 * What confirming a chore changes: last month judged first (decision 033), the reward added to this
 * month's bonus, and the badges the count of confirmed chores (this one included) earns.
 */
export function decideChoreConfirmation(
  found: { chore: ChoreRow; child: ChildRow },
  confirmedChores: number,
  now: Date,
): Pick<BudgetChanges, "children" | "badges"> {
  const judged = judgeEndedMonth(found.child, now);
  const child = judged?.child ?? found.child;
  const { bonus, month } = monthAmounts(child, now);
  const bonusBudget = bonus + found.chore.reward;
  if (child.monthlyBudget + bonusBudget > MAX_AMOUNT_CENTS)
    throw conflict("This reward would make the budget too large");
  return {
    children: [{ ...child, bonusBudget, bonusMonth: month, updatedAt: now }],
    badges: [
      ...(judged?.badges ?? []),
      ...earnedBadgeRows(child.id, [{ kind: "chore_confirmed", confirmedChores }], now),
    ],
  };
}
