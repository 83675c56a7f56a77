import type { FastifyInstance } from "fastify";
import { formatCents, formatDollars, parseCents } from "../../../shared/rules/money";
import { purchaseLimitMessage, purchasesLeft } from "../../../shared/rules/plans";
import type { Cart, CartStatusUpdate } from "../../../shared/schemas/carts";
import { conflict, forbidden, HttpError, notFound } from "../../lib/http-errors";
import { reviewEndedMonth } from "../achievements/badges.service";
import { listChildCategories } from "../categories/categories.repository";
import { monthAmounts } from "../children/children.repository";
import { inCartTransaction } from "../children/family-lock";
import { monthlyPurchasesUsed } from "../usage/usage.repository";
import { findIdempotentResponse, saveIdempotentResponse, toCart, updateCart } from "./carts.repository";
import { namesCategories, purchaseWrites } from "./purchases";

export const CART_NOT_FOUND = "Cart not found";

/**
 * decisions.md "Carts": a parent approves or declines a pending cart. Runs in one transaction that
 * locks the parent, its child and the cart, then the child's categories, so concurrent decisions
 * never double-approve or overspend. With an Idempotency-Key (scoped to the parent), a retry answers
 * what the first attempt answered; the first attempt's answer is saved in the same transaction, so a
 * retry either waits for it or finds it.
 */
export async function decideCart(
  app: FastifyInstance,
  parentId: string,
  cartId: string,
  input: CartStatusUpdate,
  idempotencyKey: string | undefined,
): Promise<{ statusCode: number; body: Cart }> {
  return inCartTransaction(app, parentId, cartId, async (tx, found) => {
    if (!found) throw notFound(CART_NOT_FOUND);
    const { user, cart } = found;
    const key = idempotencyKey ? `${parentId}:${idempotencyKey}` : null;
    if (key) {
      const earlier = await findIdempotentResponse(tx, key);
      if (earlier && earlier.body.id !== cartId) throw conflict("This Idempotency-Key was used for another cart");
      if (earlier) return earlier;
    }
    if (cart.status !== "pending") throw conflict(`This cart is already ${cart.status}`);
    const now = app.now();

    let decided: Cart;
    if (input.status === "declined") {
      const suggestion = input.suggestedItem;
      decided = toCart(
        await updateCart(tx, cart.id, {
          status: "declined",
          decisionNote: input.note || null,
          suggestedItem: suggestion ? { ...suggestion, price: formatCents(parseCents(suggestion.price)) } : null,
          declinedAt: now,
          updatedAt: now,
        }),
      );
    } else {
      const used = monthlyPurchasesUsed(user, now);
      if (purchasesLeft(user.subscriptionTier, used, user.monthlyPurchaseLimit) === 0) {
        throw forbidden(purchaseLimitMessage(user.subscriptionTier, user.monthlyPurchaseLimit));
      }
      // Last month is judged before this approval starts the new month's spending.
      const child = await reviewEndedMonth(tx, found.child, now);
      const { spent, budget } = monthAmounts(child, now);
      if (spent + cart.total > budget && !input.allowOverBudget) {
        throw new HttpError(
          409,
          `Approving this cart would take ${child.name} over the monthly budget (${formatDollars(Math.max(0, budget - spent))} left). Confirm to approve anyway.`,
        );
      }
      const categories = namesCategories(cart.items) ? await listChildCategories(tx, child.id, true) : [];
      const writes = purchaseWrites(tx, { user, child, total: cart.total, items: cart.items, categories, now });
      decided = toCart(
        await updateCart(
          tx,
          cart.id,
          { status: "approved", decisionNote: input.note || null, approvedAt: now, updatedAt: now },
          writes,
        ),
      );
    }
    if (key) await saveIdempotentResponse(tx, key, 200, decided, now);
    return { statusCode: 200, body: decided };
  });
}
