import { and, eq, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/rules/money";
import type { Cart, Decider, PendingCart } from "../../../shared/schemas/carts";
import type { Executor } from "../../db/client";
import { type CartRow, carts, children, idempotentResponses, users } from "../../db/schema";
import { newestFirst, olderThan, type Page } from "../../lib/paging";

/** `decider` is the guardian in `row.decidedBy`, with the first name the family sees. */
export function toCart(row: CartRow, decider: Decider | null = null): Cart {
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
    orderNumber: row.orderNumber,
    decidedBy: row.decidedBy ? (decider ?? { id: row.decidedBy, firstName: null }) : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const decider = { id: users.id, firstName: users.firstName };

/** A child's carts newest first, `limit + 1` of them so the caller knows whether a next page exists. */
export async function listChildCarts(db: Executor, childId: string, page: Page): Promise<Cart[]> {
  const rows = await db
    .select({ cart: carts, decider })
    .from(carts)
    .leftJoin(users, eq(users.id, carts.decidedBy))
    .where(and(eq(carts.childId, childId), olderThan(carts, page.cursor)))
    .orderBy(...newestFirst(carts))
    .limit(page.limit + 1);
  return rows.map((r) => toCart(r.cart, r.decider));
}

/** The parent's pending carts newest first, `limit + 1` of them for the next-page check. */
export async function listPendingCarts(db: Executor, parentId: string, page: Page): Promise<PendingCart[]> {
  const rows = await db
    .select({ cart: carts, childName: children.name, childProfileColor: children.profileColor })
    .from(carts)
    .innerJoin(children, eq(carts.childId, children.id))
    .where(and(eq(children.parentId, parentId), eq(carts.status, "pending"), olderThan(carts, page.cursor)))
    .orderBy(...newestFirst(carts))
    .limit(page.limit + 1);
  return rows.map((r) => ({ ...toCart(r.cart), childName: r.childName, childProfileColor: r.childProfileColor }));
}

/** Carts made with these (child, Idempotency-Key) pairs, by "childId:key". */
export async function findCartsByIdempotencyKeys(db: Executor, pairs: { childId: string; key: string }[]) {
  if (!pairs.length) return new Map<string, CartRow>();
  const wanted = new Set(pairs.map((p) => `${p.childId}:${p.key}`));
  const rows = await db
    .select()
    .from(carts)
    .where(
      and(
        sql`${carts.childId} = any(${sql.placeholder("childIds")}::uuid[])`,
        sql`${carts.idempotencyKey} = any(${sql.placeholder("keys")}::text[])`,
      ),
    )
    .prepare("pw_find_carts_by_idempotency_keys")
    .execute({ childIds: [...new Set(pairs.map((p) => p.childId))], keys: [...new Set(pairs.map((p) => p.key))] });
  return new Map(
    rows.map((r) => [`${r.childId}:${r.idempotencyKey}`, r] as const).filter(([pair]) => wanted.has(pair)),
  );
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

/** Answers saved for these Idempotency-Keys, by key. */
export async function findIdempotentResponses(db: Executor, keys: string[]) {
  if (!keys.length) return new Map<string, { statusCode: number; body: Cart }>();
  const rows = await db
    .select()
    .from(idempotentResponses)
    .where(sql`${idempotentResponses.key} = any(${sql.placeholder("keys")}::text[])`)
    .prepare("pw_find_idempotent_responses")
    .execute({ keys });
  return new Map(rows.map((r) => [r.key, { statusCode: Number(r.statusCode), body: r.body as Cart }]));
}
