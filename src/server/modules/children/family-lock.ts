import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Tx } from "../../db/client";
import { type CartRow, type ChildRow, carts, children, type UserRow, users } from "../../db/schema";
import { isUuid, unauthorized } from "../../lib/http-errors";
import { lockUser } from "../auth/users.repository";

/**
 * Runs `work` in one transaction that first locks the parent's row. Every write that reads a family's
 * budgets or counts goes through here (or one of the variants below), and locks child, category, chore
 * and cart rows only afterwards, so two such writes on one family never interleave and never deadlock.
 */
export function inFamilyTransaction<T>(
  app: FastifyInstance,
  parentId: string,
  work: (tx: Tx, user: UserRow) => Promise<T>,
): Promise<T> {
  return app.database.db.transaction(async (tx) => {
    const user = await lockUser(tx, parentId);
    if (!user) throw unauthorized();
    return work(tx, user);
  });
}

/*
 * The variants below take the parent's lock and the rows the work is about in one statement, saving a
 * round trip on the busiest writes. PostgreSQL locks a join's rows in the order of its FROM list, so the
 * parent's row is still locked first and the order every family write follows holds. `locked` is null
 * when the child or cart is not this parent's (or the id is malformed): nothing of another family is
 * ever locked or read.
 */

export function inChildTransaction<T>(
  app: FastifyInstance,
  parentId: string,
  childId: string,
  work: (tx: Tx, locked: { user: UserRow; child: ChildRow } | null) => Promise<T>,
): Promise<T> {
  return app.database.db.transaction(async (tx) => {
    if (!isUuid(childId)) return work(tx, null);
    const [row] = await tx
      .select({ user: users, child: children })
      .from(users)
      .innerJoin(children, eq(children.parentId, users.id))
      .where(and(eq(users.id, parentId), eq(children.id, childId)))
      .for("update");
    return work(tx, row ?? null);
  });
}

export function inCartTransaction<T>(
  app: FastifyInstance,
  parentId: string,
  cartId: string,
  work: (tx: Tx, locked: { user: UserRow; child: ChildRow; cart: CartRow } | null) => Promise<T>,
): Promise<T> {
  return app.database.db.transaction(async (tx) => {
    if (!isUuid(cartId)) return work(tx, null);
    const [row] = await tx
      .select({ user: users, child: children, cart: carts })
      .from(users)
      .innerJoin(children, eq(children.parentId, users.id))
      .innerJoin(carts, eq(carts.childId, children.id))
      .where(and(eq(users.id, parentId), eq(carts.id, cartId)))
      .for("update");
    return work(tx, row ?? null);
  });
}
