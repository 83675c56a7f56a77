import { and, eq, ne, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/rules/money";
import type { Category } from "../../../shared/schemas/categories";
import type { Executor } from "../../db/client";
import { type BudgetCategoryRow, budgetCategories } from "../../db/schema";
import { isUuid } from "../../lib/http-errors";
import { monthKey } from "../../lib/month";
import { orderedBy, type Page, pastCursor } from "../../lib/paging";
import { categorySpent } from "../budget/budget";

export function toCategory(row: BudgetCategoryRow, now: Date): Category {
  return {
    id: row.id,
    childId: row.childId,
    name: row.name,
    monthlyLimit: formatCents(row.monthlyLimit),
    currentSpent: formatCents(categorySpent(row, monthKey(now))),
    isRestricted: row.isRestricted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A child's categories by name (as the screens list them), `limit + 1` of them for the next-page check. */
export async function listChildCategories(db: Executor, childId: string, page: Page) {
  return db
    .select()
    .from(budgetCategories)
    .where(
      and(
        eq(budgetCategories.childId, childId),
        pastCursor(budgetCategories, budgetCategories.name, page.cursor, "asc"),
      ),
    )
    .orderBy(...orderedBy(budgetCategories, budgetCategories.name, "asc"))
    .limit(page.limit + 1);
}

export async function findChildCategory(db: Executor, childId: string, categoryId: string, lock = false) {
  if (!isUuid(categoryId)) return null;
  const query = db
    .select()
    .from(budgetCategories)
    .where(and(eq(budgetCategories.id, categoryId), eq(budgetCategories.childId, childId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/**
 * Names are unique per child ignoring case, since items name their category as the child typed it. Both
 * sides are lowered by PostgreSQL, as the unique index is: JavaScript lowers some letters (Σ, İ) differently.
 */
export async function categoryNameTaken(db: Executor, childId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: budgetCategories.id })
    .from(budgetCategories)
    .where(
      and(
        eq(budgetCategories.childId, childId),
        eq(sql`lower(${budgetCategories.name})`, sql`lower(${name})`),
        exceptId ? ne(budgetCategories.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertCategory(db: Executor, values: typeof budgetCategories.$inferInsert) {
  const [row] = await db.insert(budgetCategories).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateCategory(db: Executor, id: string, values: Partial<typeof budgetCategories.$inferInsert>) {
  const [row] = await db.update(budgetCategories).set(values).where(eq(budgetCategories.id, id)).returning();
  if (!row) throw new Error("category vanished inside its transaction");
  return row;
}

export async function deleteCategory(db: Executor, id: string) {
  await db.delete(budgetCategories).where(eq(budgetCategories.id, id));
}
