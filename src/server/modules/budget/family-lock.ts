import { and, asc, type Column, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Tx } from "../../db/client";
import {
  type BudgetCategoryRow,
  budgetCategories,
  type CartRow,
  type ChildRow,
  carts,
  children,
  families,
  type UserRow,
  users,
} from "../../db/schema";
import { isUuid, notFound, unauthorized } from "../../lib/http-errors";

/*
 * Decision 003: every write that reads a family's budgets or counts runs in one transaction that locks
 * the parent's row first, and child, category, chore and cart rows only afterwards, so two such writes
 * on one family never interleave and never deadlock. This file is the only place that takes the
 * parent's lock for them.
 */

/** A family's locked rows, with its approval window (the family's settings row is read, never locked here). */
export type FamilyChildRows = { user: UserRow; child: ChildRow; approvalWindowHours: number };
export type FamilyCartRows = FamilyChildRows & { cart: CartRow };

/** Runs `work` in one transaction that first locks the parent's row. */
export function inFamilyTransaction<T>(
  app: FastifyInstance,
  parentId: string,
  work: (tx: Tx, user: UserRow) => Promise<T>,
): Promise<T> {
  return app.database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, parentId)).for("update");
    if (!user) throw unauthorized();
    return work(tx, user);
  });
}

/** The family's child, locked after its parent; null for unknown, malformed or foreign ids. */
export async function lockFamilyChild(tx: Tx, parentId: string, childId: string): Promise<ChildRow | null> {
  if (!isUuid(childId)) return null;
  const [row] = await tx
    .select()
    .from(children)
    .where(and(eq(children.id, childId), eq(children.parentId, parentId)))
    .for("update");
  return row ?? null;
}

/** inFamilyTransaction with one of the family's children locked too; 404 with `notFoundMessage` otherwise. */
export function inChildTransaction<T>(
  app: FastifyInstance,
  parentId: string,
  childId: string,
  notFoundMessage: string,
  work: (tx: Tx, locked: { user: UserRow; child: ChildRow }) => Promise<T>,
): Promise<T> {
  return inFamilyTransaction(app, parentId, async (tx, user) => {
    const child = await lockFamilyChild(tx, parentId, childId);
    if (!child) throw notFound(notFoundMessage);
    return work(tx, { user, child });
  });
}

/*
 * The functions below take the parent's lock and the rows the work is about in one statement, saving a
 * round trip on the busiest writes. PostgreSQL locks a join's rows in the order of its FROM list, so the
 * parent's row is still locked first and the order every family write follows holds. `locked` is null
 * when the child or cart is not this parent's (or the id is malformed): nothing of another family is
 * ever locked or read.
 */

export function inCartTransaction<T>(
  app: FastifyInstance,
  parentId: string,
  cartId: string,
  work: (tx: Tx, locked: FamilyCartRows | null) => Promise<T>,
): Promise<T> {
  return app.database.db.transaction(async (tx) => {
    if (!isUuid(cartId)) return work(tx, null);
    const [row] = await tx
      .select({ user: users, child: children, cart: carts, approvalWindowHours: families.approvalWindowHours })
      .from(users)
      .innerJoin(children, eq(children.parentId, users.id))
      .innerJoin(carts, eq(carts.childId, children.id))
      .innerJoin(families, eq(families.id, users.id))
      .where(and(eq(users.id, parentId), eq(carts.id, cartId)))
      .for("update", { of: [users, children, carts] });
    return work(tx, row ?? null);
  });
}

/*
 * The batch variants lock several families at once: each pair names a parent and one of its children
 * or carts. They lock in the parents' id order, so two batches, or a batch and a single family's write,
 * never wait on each other in a circle. Only the batch's own families are locked, and a pair that is
 * not one family's is not in the answer, nor, with skipLocked, is one whose rows another transaction
 * holds: a batch does not wait for one family. They are prepared statements (db/prepared), planned
 * once per connection, since planning them cost more than running them.
 */

const pairKey = (parentId: string, id: string) => `${parentId}:${id}`.toLowerCase();

/**
 * `(parent, row) in (unnest …)` keeps every other family's rows out, and `id = any(…)` lets PostgreSQL
 * find the child or cart rows by primary key first, whatever their family holds.
 */
function pairsFilter(parentColumn: Column, idColumn: Column) {
  const ids = sql`${sql.placeholder("ids")}::uuid[]`;
  return and(
    sql`${idColumn} = any(${ids})`,
    sql`(${parentColumn}, ${idColumn}) in (select * from unnest(${sql.placeholder("parentIds")}::uuid[], ${ids}))`,
  );
}

/** The placeholders' values, or null when no pair could name a row. */
function pairsParams(pairs: FamilyPair[]) {
  const valid = pairs.filter((p) => isUuid(p.parentId) && isUuid(p.id));
  return valid.length ? { parentIds: valid.map((p) => p.parentId), ids: valid.map((p) => p.id) } : null;
}

const lockName = (name: string, options: { skipLocked: boolean }) =>
  options.skipLocked ? `${name}_skip_locked` : name;

/** A parent and the id of one of its children or carts. */
export type FamilyPair = { parentId: string; id: string };

export async function lockFamilyChildren(tx: Tx, pairs: FamilyPair[], options: { skipLocked: boolean }) {
  const params = pairsParams(pairs);
  if (!params) return new Map<string, FamilyChildRows>();
  // The family's settings row is read, not locked: changing the window takes no budget lock.
  const rows = await tx
    .select({ user: users, child: children, approvalWindowHours: families.approvalWindowHours })
    .from(users)
    .innerJoin(children, eq(children.parentId, users.id))
    .innerJoin(families, eq(families.id, users.id))
    .where(pairsFilter(users.id, children.id))
    .orderBy(asc(users.id))
    .for("update", options.skipLocked ? { of: [users, children], skipLocked: true } : { of: [users, children] })
    .prepare(lockName("pw_lock_family_children", options))
    .execute(params);
  return new Map(rows.map((r) => [pairKey(r.user.id, r.child.id), r]));
}

export async function lockFamilyCarts(tx: Tx, pairs: FamilyPair[], options: { skipLocked: boolean }) {
  const params = pairsParams(pairs);
  if (!params) return new Map<string, FamilyCartRows>();
  const rows = await tx
    .select({ user: users, child: children, cart: carts, approvalWindowHours: families.approvalWindowHours })
    .from(users)
    .innerJoin(children, eq(children.parentId, users.id))
    .innerJoin(carts, eq(carts.childId, children.id))
    .innerJoin(families, eq(families.id, users.id))
    .where(pairsFilter(users.id, carts.id))
    .orderBy(asc(users.id))
    .for(
      "update",
      options.skipLocked ? { of: [users, children, carts], skipLocked: true } : { of: [users, children, carts] },
    )
    .prepare(lockName("pw_lock_family_carts", options))
    .execute(params);
  return new Map(rows.map((r) => [pairKey(r.user.id, r.cart.id), r]));
}

/** What lockFamilyChildren or lockFamilyCarts answered for one pair, if anything. */
export const lockedPair = <T>(locked: Map<string, T>, pair: FamilyPair) => locked.get(pairKey(pair.parentId, pair.id));

/** The categories of children whose families the caller has locked, locked in turn; by child id. */
export async function lockChildrenCategories(tx: Tx, childIds: string[]) {
  const byChild = new Map<string, BudgetCategoryRow[]>(childIds.map((id) => [id, []]));
  if (!childIds.length) return byChild;
  const rows = await tx
    .select()
    .from(budgetCategories)
    .where(sql`${budgetCategories.childId} = any(${sql.placeholder("childIds")}::uuid[])`)
    .orderBy(asc(budgetCategories.childId), asc(budgetCategories.name), asc(budgetCategories.id))
    .for("update")
    .prepare("pw_lock_children_categories")
    .execute({ childIds });
  for (const row of rows) byChild.get(row.childId)?.push(row);
  return byChild;
}

/**
 * Pending carts whose expiry has come, locked, with their family. Only the carts are locked, with SKIP
 * LOCKED, and nothing else is locked after them, so this never waits on a family write nor makes one
 * wait in a circle; a cart a decision holds is left for the next sweep, which finds it decided.
 */
export async function lockDueCarts(tx: Tx, now: Date, limit: number) {
  return (
    tx
      .select({ cart: carts, familyId: children.parentId })
      .from(carts)
      .innerJoin(children, eq(children.id, carts.childId))
      // The status test is the partial index's predicate, literally, so that a generic plan can use it too.
      .where(sql`${carts.status} = 'pending' and ${carts.expiresAt} <= ${now.toISOString()}::timestamptz`)
      .orderBy(asc(carts.expiresAt))
      .limit(limit)
      .for("update", { of: carts, skipLocked: true })
  );
}
