import type { FastifyInstance } from "fastify";
import { formatCents, formatDollars, parseCents } from "../../../shared/rules/money";
import { purchaseLimitMessage, purchasesLeft } from "../../../shared/rules/plans";
import type { Cart, CartStatusUpdate } from "../../../shared/schemas/carts";
import type { Tx } from "../../db/client";
import type { BudgetCategoryRow, CartRow, ChildRow, UserRow } from "../../db/schema";
import { groupCommit, type Outcome } from "../../lib/group-commit";
import { conflict, forbidden, HttpError, notFound } from "../../lib/http-errors";
import { judgeEndedMonth } from "../achievements/badges.service";
import { monthAmounts } from "../children/children.repository";
import { lockChildrenCategories, lockedPair, lockFamilyCarts } from "../children/family-lock";
import { monthlyPurchasesUsed } from "../usage/usage.repository";
import { MAX_BATCH, MAX_BATCHES_IN_FLIGHT } from "./batching";
import { addCartWrites, type CartWrites, noCartWrites, writeCartWrites } from "./cart-writes.repository";
import { findIdempotentResponses, toCart } from "./carts.repository";
import { namesCategories, purchaseChanges } from "./purchases";

export const CART_NOT_FOUND = "Cart not found";

interface Decision {
  parentId: string;
  cartId: string;
  input: CartStatusUpdate;
  idempotencyKey: string | undefined;
}

type Answer = { statusCode: number; body: Cart };

/**
 * decisions.md "Carts": a parent approves or declines a pending cart. Decisions that arrive together are
 * written together (group commit); each runs under its family's lock, with the parent, child, cart and
 * categories locked, and a family's decisions never share a batch, so concurrent decisions never
 * double-approve or overspend. With an Idempotency-Key (scoped to the parent), a retry answers what the
 * first attempt answered; that answer is saved with the decision, so a retry either waits for it or
 * finds it.
 */
export function cartDecider(app: FastifyInstance) {
  const decide = groupCommit<Decision, Answer>({
    keyOf: (d) => d.parentId,
    runBatch: (batch, alone) => app.database.db.transaction((tx) => decideBatch(app, tx, batch, alone)),
    maxBatch: MAX_BATCH,
    maxInFlight: MAX_BATCHES_IN_FLIGHT,
  });
  return (parentId: string, cartId: string, input: CartStatusUpdate, idempotencyKey: string | undefined) =>
    decide({ parentId, cartId, input, idempotencyKey });
}

const answerKey = (d: Decision) => (d.idempotencyKey ? `${d.parentId}:${d.idempotencyKey}` : null);

/** `alone`: wait for rows another transaction holds; otherwise leave their jobs to run alone (group-commit). */
async function decideBatch(
  app: FastifyInstance,
  tx: Tx,
  batch: Decision[],
  alone: boolean,
): Promise<Outcome<Answer>[]> {
  const now = app.now();
  const locked = await lockFamilyCarts(
    tx,
    batch.map((d) => ({ parentId: d.parentId, cartId: d.cartId })),
    { skipLocked: !alone },
  );
  const lockedCart = (d: Decision) => lockedPair(locked, d.parentId, d.cartId);
  const answers = await findIdempotentResponses(
    tx,
    batch.flatMap((d) => answerKey(d) ?? []),
  );
  const categories = await lockChildrenCategories(
    tx,
    batch.flatMap((d) => {
      const found = lockedCart(d);
      return found && d.input.status === "approved" && namesCategories(found.cart.items) ? [found.child.id] : [];
    }),
  );

  const writes = noCartWrites();
  const outcomes = batch.map((d): Outcome<Answer> => {
    try {
      const found = lockedCart(d);
      if (!found && !alone) return { kind: "alone" };
      if (!found) throw notFound(CART_NOT_FOUND);
      const key = answerKey(d);
      const earlier = key ? answers.get(key) : undefined;
      if (earlier && earlier.body.id !== found.cart.id) {
        throw conflict("This Idempotency-Key was used for another cart");
      }
      if (earlier) return { kind: "done", value: earlier };
      const decided = prepareDecision(found, d.input, categories.get(found.child.id) ?? [], now);
      addCartWrites(writes, decided.writes);
      const answer = { statusCode: 200, body: toCart(decided.cart) };
      if (key) addCartWrites(writes, { answers: [{ key, ...answer, createdAt: now }] });
      return { kind: "done", value: answer };
    } catch (error) {
      return { kind: "failed", error };
    }
  });
  await writeCartWrites(tx, writes);
  return outcomes;
}

/** The decided cart and what writing it changes; throws (changing nothing) when it may not be decided. */
function prepareDecision(
  found: { user: UserRow; child: ChildRow; cart: CartRow },
  input: CartStatusUpdate,
  lockedCategories: BudgetCategoryRow[],
  now: Date,
): { cart: CartRow; writes: Partial<CartWrites> } {
  const { user, cart } = found;
  if (cart.status !== "pending") throw conflict(`This cart is already ${cart.status}`);
  if (input.status === "declined") {
    const suggestion = input.suggestedItem;
    const declined: CartRow = {
      ...cart,
      status: "declined",
      decisionNote: input.note || null,
      suggestedItem: suggestion ? { ...suggestion, price: formatCents(parseCents(suggestion.price)) } : null,
      declinedAt: now,
      updatedAt: now,
    };
    return { cart: declined, writes: { decidedCarts: [declined] } };
  }
  const used = monthlyPurchasesUsed(user, now);
  if (purchasesLeft(user.subscriptionTier, used, user.monthlyPurchaseLimit) === 0) {
    throw forbidden(purchaseLimitMessage(user.subscriptionTier, user.monthlyPurchaseLimit));
  }
  // Last month is judged before this approval starts the new month's spending.
  const judged = judgeEndedMonth(found.child, now);
  const child = judged?.child ?? found.child;
  const { spent, budget } = monthAmounts(child, now);
  if (spent + cart.total > budget && !input.allowOverBudget) {
    throw new HttpError(
      409,
      `Approving this cart would take ${child.name} over the monthly budget (${formatDollars(Math.max(0, budget - spent))} left). Confirm to approve anyway.`,
    );
  }
  const categories = namesCategories(cart.items) ? lockedCategories : [];
  const purchase = purchaseChanges({ user, child, total: cart.total, items: cart.items, categories, now });
  const approved: CartRow = {
    ...cart,
    status: "approved",
    decisionNote: input.note || null,
    approvedAt: now,
    updatedAt: now,
  };
  return {
    cart: approved,
    writes: { ...purchase, badges: [...(judged?.badges ?? []), ...purchase.badges], decidedCarts: [approved] },
  };
}
