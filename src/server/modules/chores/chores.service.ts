import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { parseCents } from "../../../shared/rules/money";
import type { ChoreUpdate } from "../../../shared/schemas/chores";
import type { Tx } from "../../db/client";
import { children } from "../../db/schema";
import { conflict, notFound } from "../../lib/http-errors";
import { type Actor, assertActorMaySee, familyOf } from "../../plugins/auth";
import { awardFor, reviewEndedMonth } from "../achievements/badges.service";
import { MAX_AMOUNT_CENTS } from "../carts/purchases";
import { monthAmounts } from "../children/children.repository";
import { inFamilyTransaction } from "../children/family-lock";
import { countConfirmedChores, deleteChore, findFamilyChore, updateChore } from "./chores.repository";

export const CHORE_NOT_FOUND = "Chore not found";
const ALREADY_CONFIRMED = "This chore is already confirmed";

/** The chore and its child, both locked after the family lock; a child session reaches only its own (403). */
async function lockVisibleChore(tx: Tx, actor: Actor, choreId: string) {
  const found = await findFamilyChore(tx, familyOf(actor), choreId, true);
  if (!found) throw notFound(CHORE_NOT_FOUND);
  assertActorMaySee(actor, found.child.id);
  return found;
}

export const dueDateFrom = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** A confirmed chore has paid its reward, so it stays as it was confirmed. */
export function editChore(app: FastifyInstance, parentId: string, choreId: string, input: ChoreUpdate) {
  return inFamilyTransaction(app, parentId, async (tx) => {
    const { chore } = await lockVisibleChore(tx, { kind: "parent", userId: parentId }, choreId);
    if (chore.isCompleted) throw conflict(`${ALREADY_CONFIRMED}, so it can no longer be changed`);
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
    const { chore } = await lockVisibleChore(tx, { kind: "parent", userId: parentId }, choreId);
    await deleteChore(tx, chore.id);
  });
}

/** The child (or the parent) says the chore is done; marking it again changes nothing. */
export function markChoreDone(app: FastifyInstance, actor: Actor, choreId: string) {
  return inFamilyTransaction(app, familyOf(actor), async (tx) => {
    const { chore } = await lockVisibleChore(tx, actor, choreId);
    if (chore.isCompleted) throw conflict(ALREADY_CONFIRMED);
    if (chore.markedDoneAt) return chore;
    const now = app.now();
    return updateChore(tx, chore.id, { markedDoneAt: now, updatedAt: now });
  });
}

/**
 * decisions.md "Chores": confirming pays the reward into the child's budget for the month of confirmation,
 * under the family lock so it never races an approval that reads the budget, and only once.
 */
export function confirmChore(app: FastifyInstance, parentId: string, choreId: string) {
  return inFamilyTransaction(app, parentId, async (tx) => {
    const found = await lockVisibleChore(tx, { kind: "parent", userId: parentId }, choreId);
    if (found.chore.isCompleted) throw conflict(ALREADY_CONFIRMED);
    const now = app.now();
    const child = await reviewEndedMonth(tx, found.child, now);
    const { bonus, month } = monthAmounts(child, now);
    const bonusBudget = bonus + found.chore.reward;
    if (child.monthlyBudget + bonusBudget > MAX_AMOUNT_CENTS)
      throw conflict("This reward would make the budget too large");
    await tx.update(children).set({ bonusBudget, bonusMonth: month, updatedAt: now }).where(eq(children.id, child.id));
    const chore = await updateChore(tx, found.chore.id, {
      isCompleted: true,
      completedAt: now,
      markedDoneAt: found.chore.markedDoneAt ?? now,
      updatedAt: now,
    });
    await awardFor(
      tx,
      child.id,
      [{ kind: "chore_confirmed", confirmedChores: await countConfirmedChores(tx, child.id) }],
      now,
    );
    return chore;
  });
}
