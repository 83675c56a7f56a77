import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Cart, CartComplete } from "../../../shared/schemas/carts";
import { type CartRow, users } from "../../db/schema";
import { codedError, notFound } from "../../lib/http-errors";
import { type Actor, assertActorMaySee, familyOf } from "../../plugins/auth";
import { changeCartBudget, type Decided } from "../budget/budget";
import { CART_NOT_FOUND } from "./cart-decisions.service";
import { toCart } from "./carts.repository";

/** docs/decisions/140: what a cart that is not approved answers when it is marked as bought. */
export const notApprovedMessage = (status: CartRow["status"]) =>
  status === "completed"
    ? "This cart is already marked as bought"
    : `Only an approved cart can be marked as bought (this one is ${status})`;

/**
 * The completed cart, or a refusal (409 `not_approved`) from any status but approved. Pure: the cart is
 * as read under its family's lock, so two completions of one cart never both succeed.
 */
export function decideCompletion(cart: CartRow, input: CartComplete, now: Date): Decided<CartRow> {
  if (cart.status !== "approved") throw codedError(409, "not_approved", notApprovedMessage(cart.status));
  const completed: CartRow = {
    ...cart,
    status: "completed",
    completedAt: now,
    orderNumber: input.orderNumber?.trim() || null,
    updatedAt: now,
  };
  return { result: completed, changes: { decidedCarts: [completed] } };
}

/**
 * docs/spec "Asking from the store", Completion: a guardian of the family, or the child for its own cart,
 * marks an approved cart as bought. Written by the budget module's cart write under the family lock, and
 * announced as `cart.completed`. Another family's cart is 404; a sibling child's cart is 403.
 */
export function completeCart(app: FastifyInstance, actor: Actor, cartId: string, input: CartComplete) {
  return changeCartBudget(app, familyOf(actor), cartId, async (tx, found): Promise<Decided<Cart>> => {
    if (!found) throw notFound(CART_NOT_FOUND);
    assertActorMaySee(actor, found.child.id);
    const { result, changes } = decideCompletion(found.cart, input, app.now());
    const decider = result.decidedBy
      ? ((
          await tx
            .select({ id: users.id, firstName: users.firstName })
            .from(users)
            .where(eq(users.id, result.decidedBy))
        )[0] ?? null)
      : null;
    return { result: toCart(result, decider), changes };
  });
}
