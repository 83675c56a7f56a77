import { and, count, eq, inArray } from "drizzle-orm";
import { formatCents } from "../../../shared/rules/money";
import type { Goal } from "../../../shared/schemas/goals";
import type { Executor, Tx } from "../../db/client";
import { children, families, goalContributions, type SavingsGoalRow, savingsGoals } from "../../db/schema";
import { isUuid } from "../../lib/http-errors";
import { newestFirst, olderThan, type Page } from "../../lib/paging";

/** docs/decisions/153 and 164: the goals list's default page (open goals are capped well below it). */
export const GOALS_LISTED = 50;

export function toGoal(row: SavingsGoalRow): Goal {
  return {
    id: row.id,
    childId: row.childId,
    name: row.name,
    target: formatCents(row.target),
    saved: formatCents(row.saved),
    url: row.url,
    status: row.status,
    reachedAt: row.reachedAt?.toISOString() ?? null,
    cartId: row.cartId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A child's goals newest first, `limit + 1` of them for the next-page check (docs/decisions/164). */
export function listChildGoals(db: Executor, childId: string, page: Page) {
  return db
    .select()
    .from(savingsGoals)
    .where(and(eq(savingsGoals.childId, childId), olderThan(savingsGoals, page.cursor)))
    .orderBy(...newestFirst(savingsGoals))
    .limit(page.limit + 1);
}

/** Goals still being saved for or waiting to be asked for. */
export async function countOpenGoals(tx: Tx, childId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(savingsGoals)
    .where(and(eq(savingsGoals.childId, childId), inArray(savingsGoals.status, ["active", "reached"])));
  return row?.n ?? 0;
}

/** An open goal with this name and target, so that a repeated tap makes one goal, not two. */
export async function findOpenGoalLike(tx: Tx, childId: string, name: string, target: number) {
  const [row] = await tx
    .select()
    .from(savingsGoals)
    .where(
      and(
        eq(savingsGoals.childId, childId),
        eq(savingsGoals.name, name),
        eq(savingsGoals.target, target),
        inArray(savingsGoals.status, ["active", "reached"]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The family's goal with its child, both locked (the child's row first, after the family's lock that the
 * caller holds: decision 003's order); null for unknown, malformed or other families' ids.
 */
export async function lockFamilyGoal(tx: Tx, familyId: string, goalId: string) {
  if (!isUuid(goalId)) return null;
  const [row] = await tx
    .select({ child: children, goal: savingsGoals })
    .from(children)
    .innerJoin(savingsGoals, eq(savingsGoals.childId, children.id))
    .where(and(eq(children.parentId, familyId), eq(savingsGoals.id, goalId)))
    .for("update", { of: [children, savingsGoals] });
  return row ?? null;
}

export async function insertGoal(tx: Tx, values: typeof savingsGoals.$inferInsert) {
  const [row] = await tx.insert(savingsGoals).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function saveGoal(tx: Tx, goal: SavingsGoalRow) {
  const { id, childId: _childId, createdAt: _createdAt, ...values } = goal;
  const [row] = await tx.update(savingsGoals).set(values).where(eq(savingsGoals.id, id)).returning();
  if (!row) throw new Error("update returned no row");
  return row;
}

export async function deleteGoal(tx: Tx, goalId: string) {
  await tx.delete(savingsGoals).where(eq(savingsGoals.id, goalId));
}

export async function insertContribution(tx: Tx, values: typeof goalContributions.$inferInsert) {
  await tx.insert(goalContributions).values(values);
}

export async function familyApprovalWindowHours(tx: Tx, familyId: string) {
  const [row] = await tx
    .select({ hours: families.approvalWindowHours })
    .from(families)
    .where(eq(families.id, familyId));
  return row?.hours;
}
