import type { FastifyInstance } from "fastify";
import { UNDO_DECLINE_MS } from "../../../shared/rules/approval-window";
import { formatCents, formatDollars, parseCents } from "../../../shared/rules/money";
import { purchaseLimitMessage, purchasesLeft } from "../../../shared/rules/plans";
import type { Cart, CartStatusUpdate } from "../../../shared/schemas/carts";
import type { BudgetCategoryRow, CartRow, ChildRow, UserRow } from "../../db/schema";
import { codedError, conflict, notFound } from "../../lib/http-errors";
import type { Guardian } from "../../plugins/auth";
import {
  changeCartBudget,
  type Decided,
  familyBatcher,
  judgeEndedMonth,
  monthAmounts,
  monthlyPurchasesUsed,
  namesCategories,
  purchaseChanges,
} from "../budget/budget";
import { findIdempotentResponses, suggestionAccepted, toCart } from "./carts.repository";

export const CART_NOT_FOUND = "Cart not found";

interface Decision {
  guardian: Guardian;
  cartId: string;
  input: CartStatusUpdate;
  idempotencyKey: string | undefined;
}

type Answer = { statusCode: number; body: Cart };

/**
 * docs/product-contract.md "Carts: the purchase flow": a parent approves or declines a pending cart.
 * Decisions that arrive together are written together (the budget module's group commit); each runs
 * under its family's lock, with the parent, child, cart and categories locked, and a family's decisions
 * never share a batch, so concurrent decisions never double-approve or overspend. With an
 * Idempotency-Key (scoped to the parent), a retry answers what the first attempt answered; that answer
 * is saved with the decision, so a retry either waits for it or finds it.
 */
export function cartDecider(app: FastifyInstance) {
  const decide = familyBatcher(app, {
    rows: "cart",
    target: (d: Decision) => ({ parentId: d.guardian.familyId, id: d.cartId }),
    notFoundMessage: CART_NOT_FOUND,
    needsCategories: (d, { cart }) => d.input.status === "approved" && namesCategories(cart.items),
    recall: async (tx, found) => {
      const keyed = found.flatMap(({ job }) => {
        const key = answerKey(job);
        return key ? [{ job, key }] : [];
      });
      const answers = await findIdempotentResponses(
        tx,
        keyed.map((k) => k.key),
      );
      return new Map(
        keyed.flatMap(({ job, key }) => {
          const answer = answers.get(key);
          return answer ? [[job, answer] as const] : [];
        }),
      );
    },
    decide: (d, locked, { categories, earlier, now }): Decided<Answer> => {
      if (earlier && earlier.body.id !== locked.cart.id) {
        throw conflict("This Idempotency-Key was used for another cart");
      }
      if (earlier) return { result: earlier };
      const decided = decideDecision(locked, d.input, categories, now, d.guardian);
      const answer = {
        statusCode: 200,
        body: toCart(decided.result, { id: d.guardian.userId, firstName: d.guardian.firstName }),
      };
      const key = answerKey(d);
      const saved = key ? [{ key, statusCode: String(answer.statusCode), body: answer.body, createdAt: now }] : [];
      return { result: answer, changes: { ...decided.changes, answers: saved } };
    },
  });
  return (guardian: Guardian, cartId: string, input: CartStatusUpdate, idempotencyKey: string | undefined) =>
    decide({ guardian, cartId, input, idempotencyKey });
}

// Scoped to the family, as the key was scoped to its one parent before families had several guardians.
const answerKey = (d: Decision) => (d.idempotencyKey ? `${d.guardian.familyId}:${d.idempotencyKey}` : null);

/** docs/product-contract.md "The family and its guardians": a guardian's own limit on what they approve. */
export const approvalLimitMessage = (limit: number) =>
  `Your approval limit in this family is ${formatDollars(limit)}. Ask the family's owner to approve this cart.`;

/** The decided cart and what writing it changes; throws (changing nothing) when it may not be decided. */
export function decideDecision(
  found: { user: UserRow; child: ChildRow; cart: CartRow },
  input: CartStatusUpdate,
  lockedCategories: BudgetCategoryRow[],
  now: Date,
  guardian: Pick<Guardian, "userId" | "approvalLimit">,
): Decided<CartRow> {
  const { user, cart } = found;
  if (cart.status !== "pending") throw codedError(409, "already_decided", `This cart is already ${cart.status}`);
  const decidedBy = { decidedBy: guardian.userId, decidedAt: now };
  if (input.status === "declined") {
    const suggestion = input.suggestedItem;
    const declined: CartRow = {
      ...cart,
      status: "declined",
      decisionNote: input.note || null,
      suggestedItem: suggestion ? { ...suggestion, price: formatCents(parseCents(suggestion.price)) } : null,
      declinedAt: now,
      updatedAt: now,
      ...decidedBy,
    };
    return { result: declined, changes: { decidedCarts: [declined] } };
  }
  if (guardian.approvalLimit !== null && cart.total > guardian.approvalLimit) {
    throw codedError(403, "approval_limit", approvalLimitMessage(guardian.approvalLimit));
  }
  const used = monthlyPurchasesUsed(user, now);
  if (purchasesLeft(user.subscriptionTier, used, user.monthlyPurchaseLimit) === 0) {
    throw codedError(403, "purchase_limit", purchaseLimitMessage(user.subscriptionTier, user.monthlyPurchaseLimit));
  }
  // Last month is judged before this approval starts the new month's spending.
  const judged = judgeEndedMonth(found.child, now);
  const child = judged?.child ?? found.child;
  const { spent, budget } = monthAmounts(child, now);
  if (spent + cart.total > budget && !input.allowOverBudget) {
    throw codedError(
      409,
      "over_budget",
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
    ...decidedBy,
  };
  return {
    result: approved,
    changes: { ...purchase, badges: [...(judged?.badges ?? []), ...purchase.badges], decidedCarts: [approved] },
  };
}

/**
 * The guardian who declined puts the cart back to pending within UNDO_DECLINE_MS, under the family lock,
 * so it never races a second decision; the cart keeps its original expiry.
 */
export function undoDecline(app: FastifyInstance, guardian: Guardian, cartId: string) {
  return changeCartBudget(app, guardian.familyId, cartId, async (tx, found): Promise<Decided<Cart>> => {
    if (!found) throw notFound(CART_NOT_FOUND);
    const { cart } = found;
    const now = app.now();
    const undoable =
      cart.status === "declined" &&
      cart.decidedBy === guardian.userId &&
      cart.declinedAt !== null &&
      now.getTime() - cart.declinedAt.getTime() <= UNDO_DECLINE_MS &&
      !(await suggestionAccepted(tx, cart));
    if (!undoable) throw conflict("This decline can no longer be undone");
    const reopened: CartRow = {
      ...cart,
      status: "pending",
      decisionNote: null,
      suggestedItem: null,
      declinedAt: null,
      decidedBy: null,
      decidedAt: null,
      updatedAt: now,
    };
    return { result: toCart(reopened), changes: { decidedCarts: [reopened] } };
  });
}
