import { and, desc, eq, lt, type WithSubquery } from "drizzle-orm";
import { formatCents } from "../../../shared/rules/money";
import type { Cart, PendingCart } from "../../../shared/schemas/carts";
import type { Executor } from "../../db/client";
import { type CartRow, carts, children, idempotentResponses } from "../../db/schema";

export function toCart(row: CartRow): Cart {
  return {
    id: row.id,
    childId: row.childId,
    retailer: row.retailer,
    total: formatCents(row.total),
    status: row.status,
    tag: row.tag,
    notes: row.notes,
    items: row.items,
    decisionReason: row.decisionReason,
    decisionNote: row.decisionNote,
    suggestedItem: row.suggestedItem ?? null,
    fromCartId: row.fromCartId,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listChildCarts(db: Executor, childId: string) {
  return db.select().from(carts).where(eq(carts.childId, childId)).orderBy(desc(carts.createdAt), desc(carts.id));
}

export async function listPendingCarts(db: Executor, parentId: string): Promise<PendingCart[]> {
  const rows = await db
    .select({ cart: carts, childName: children.name, childProfileColor: children.profileColor })
    .from(carts)
    .innerJoin(children, eq(carts.childId, children.id))
    .where(and(eq(children.parentId, parentId), eq(carts.status, "pending")))
    .orderBy(desc(carts.createdAt), desc(carts.id));
  return rows.map((r) => ({ ...toCart(r.cart), childName: r.childName, childProfileColor: r.childProfileColor }));
}

export async function findCartByIdempotencyKey(db: Executor, childId: string, key: string) {
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.childId, childId), eq(carts.idempotencyKey, key)));
  return row ?? null;
}

/** True when a child has already turned this declined cart's suggestion into a cart of its own. */
export async function suggestionAccepted(db: Executor, cart: CartRow) {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.childId, cart.childId), eq(carts.fromCartId, cart.id)))
    .limit(1);
  return row !== undefined;
}

/** `writes` are other changes made in the same statement (see purchaseWrites). */
export async function insertCart(db: Executor, values: typeof carts.$inferInsert, writes: WithSubquery[] = []) {
  const [row] = await db
    .with(...writes)
    .insert(carts)
    .values(values)
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateCart(
  db: Executor,
  id: string,
  values: Partial<typeof carts.$inferInsert>,
  writes: WithSubquery[] = [],
) {
  const [row] = await db
    .with(...writes)
    .update(carts)
    .set(values)
    .where(eq(carts.id, id))
    .returning();
  if (!row) throw new Error("cart vanished inside its transaction");
  return row;
}

export async function findIdempotentResponse(db: Executor, key: string) {
  const [row] = await db.select().from(idempotentResponses).where(eq(idempotentResponses.key, key));
  return row ? { statusCode: Number(row.statusCode), body: row.body as Cart } : null;
}

export async function saveIdempotentResponse(db: Executor, key: string, statusCode: number, body: Cart, now: Date) {
  await db.insert(idempotentResponses).values({ key, statusCode: String(statusCode), body, createdAt: now });
}

/** A retry comes within minutes; a saved decision answer older than this is never needed again. */
export const IDEMPOTENT_RESPONSE_TTL_MS = 24 * 60 * 60 * 1000;

export async function deleteIdempotentResponsesBefore(db: Executor, cutoff: Date) {
  await db.delete(idempotentResponses).where(lt(idempotentResponses.createdAt, cutoff));
}
