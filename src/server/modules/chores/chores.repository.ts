import { and, count, eq } from "drizzle-orm";
import { formatCents } from "../../../shared/rules/money";
import type { Chore } from "../../../shared/schemas/chores";
import type { Executor } from "../../db/client";
import { type ChoreRow, children, chores } from "../../db/schema";
import { isUuid } from "../../lib/http-errors";
import { newestFirst, olderThan, type Page } from "../../lib/paging";

export function toChore(row: ChoreRow): Chore {
  return {
    id: row.id,
    childId: row.childId,
    title: row.title,
    description: row.description,
    reward: formatCents(row.reward),
    markedDoneAt: row.markedDoneAt?.toISOString() ?? null,
    isCompleted: row.isCompleted,
    dueDate: row.dueDate?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A child's chores newest first, `limit + 1` of them for the next-page check. */
export async function listChildChores(db: Executor, childId: string, page: Page) {
  return db
    .select()
    .from(chores)
    .where(and(eq(chores.childId, childId), olderThan(chores, page.cursor)))
    .orderBy(...newestFirst(chores))
    .limit(page.limit + 1);
}

/** The chore with its child when it belongs to the family; null for unknown, malformed or foreign ids. */
export async function findFamilyChore(db: Executor, parentId: string, choreId: string, lock = false) {
  if (!isUuid(choreId)) return null;
  const query = db
    .select({ chore: chores, child: children })
    .from(chores)
    .innerJoin(children, eq(chores.childId, children.id))
    .where(and(eq(chores.id, choreId), eq(children.parentId, parentId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function insertChore(db: Executor, values: typeof chores.$inferInsert) {
  const [row] = await db.insert(chores).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateChore(db: Executor, id: string, values: Partial<typeof chores.$inferInsert>) {
  const [row] = await db.update(chores).set(values).where(eq(chores.id, id)).returning();
  if (!row) throw new Error("chore vanished inside its transaction");
  return row;
}

export async function deleteChore(db: Executor, id: string) {
  await db.delete(chores).where(eq(chores.id, id));
}

export async function countConfirmedChores(db: Executor, childId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(chores)
    .where(and(eq(chores.childId, childId), eq(chores.isCompleted, true)));
  return row?.n ?? 0;
}
