import { and, count, eq } from "drizzle-orm";
import { formatCents } from "../../../shared/rules/money";
import type { Child } from "../../../shared/schemas/children";
import type { Executor } from "../../db/client";
import { type ChildRow, children } from "../../db/schema";
import { isUuid } from "../../lib/http-errors";
import { orderedBy, type Page, pastCursor } from "../../lib/paging";
import { monthAmounts } from "../budget/budget";

export function toChild(row: ChildRow, now: Date): Child {
  const { spent, bonus, saved } = monthAmounts(row, now);
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    age: row.age,
    profileColor: row.profileColor,
    monthlyBudget: formatCents(row.monthlyBudget),
    bonusBudget: formatCents(bonus),
    currentSpent: formatCents(spent),
    savedToGoals: formatCents(saved),
    autoApprovalLimit: formatCents(row.autoApprovalLimit),
    consentStatus: row.consentStatus,
    isActive: row.isActive,
    requireApprovalForAll: row.requireApprovalForAll,
    blockAdultContent: row.blockAdultContent,
    notifyPurchaseApprovals: row.notifyPurchaseApprovals,
    notifyBudgetWarnings: row.notifyBudgetWarnings,
    notifyAchievementUpdates: row.notifyAchievementUpdates,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The family's children in the order they were added, a page at a time (docs/decisions/166). */
export async function listChildren(db: Executor, parentId: string, page: Page) {
  return db
    .select()
    .from(children)
    .where(
      and(
        eq(children.parentId, parentId),
        pastCursor(children, children.createdAt, page.cursor, "asc", children.addedOrder),
      ),
    )
    .orderBy(...orderedBy(children, children.createdAt, "asc", children.addedOrder))
    .limit(page.limit + 1);
}

/** The child when it belongs to the family; null for unknown, malformed or foreign ids. */
export async function findFamilyChild(db: Executor, parentId: string, childId: string) {
  if (!isUuid(childId)) return null;
  const [row] = await db
    .select()
    .from(children)
    .where(and(eq(children.id, childId), eq(children.parentId, parentId)));
  return row ?? null;
}

export async function countActiveChildren(db: Executor, parentId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(children)
    .where(and(eq(children.parentId, parentId), eq(children.isActive, true)));
  return row?.n ?? 0;
}

export async function insertChild(db: Executor, values: typeof children.$inferInsert) {
  const [row] = await db.insert(children).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateChild(db: Executor, id: string, values: Partial<typeof children.$inferInsert>) {
  const [row] = await db.update(children).set(values).where(eq(children.id, id)).returning();
  return row ?? null;
}

/** True when this call removed the child (of two racing deletions, only one does). */
export async function deleteChild(db: Executor, id: string) {
  const removed = await db.delete(children).where(eq(children.id, id)).returning({ id: children.id });
  return removed.length > 0;
}
