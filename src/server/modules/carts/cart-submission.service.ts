import type { FastifyInstance } from "fastify";
import { decideAutoApproval } from "../../../shared/rules/auto-approval";
import type { BadgeEvent } from "../../../shared/rules/badges";
import { formatCents, parseCents } from "../../../shared/rules/money";
import { purchasesLeft } from "../../../shared/rules/plans";
import type { CartItem, CartSubmit } from "../../../shared/schemas/carts";
import type { Tx } from "../../db/client";
import type { BudgetCategoryRow, ChildRow, UserRow } from "../../db/schema";
import { conflict, forbidden, HttpError, notFound } from "../../lib/http-errors";
import { monthKey } from "../../lib/month";
import { type Actor, assertActorMaySee, familyOf } from "../../plugins/auth";
import { badgeWrites, reviewEndedMonth } from "../achievements/badges.service";
import { categorySpent, listChildCategories } from "../categories/categories.repository";
import { monthAmounts } from "../children/children.repository";
import { CHILD_NOT_FOUND } from "../children/children.service";
import { inCartTransaction, inChildTransaction } from "../children/family-lock";
import { monthlyPurchasesUsed } from "../usage/usage.repository";
import { CART_NOT_FOUND } from "./cart-decisions.service";
import { findCartByIdempotencyKey, insertCart, suggestionAccepted } from "./carts.repository";
import { itemAmount, MAX_AMOUNT_CENTS, namesCategories, purchaseWrites, sharesByCategory } from "./purchases";

type SubmitInput = Pick<CartSubmit, "retailer" | "tag" | "notes"> & { items: CartItem[] };

/**
 * decisions.md "Carts": submits a cart from the child's session or the owning parent's. A retry with the
 * same Idempotency-Key answers the cart the first attempt made; the family lock makes the retry wait for
 * the first attempt, so two racing retries never make two carts.
 */
export async function submitCart(
  app: FastifyInstance,
  actor: Actor,
  childId: string,
  input: SubmitInput,
  idempotencyKey: string | undefined,
) {
  assertActorMaySee(actor, childId);
  const parentId = familyOf(actor);
  return inChildTransaction(app, parentId, childId, async (tx, locked) => {
    if (!locked) throw notFound(CHILD_NOT_FOUND);
    const { user, child } = locked;
    if (idempotencyKey) {
      const earlier = await findCartByIdempotencyKey(tx, child.id, idempotencyKey);
      if (earlier) return earlier;
    }
    return createCart(app, tx, user, child, input, { idempotencyKey });
  });
}

/** Turns a declined cart's suggested item into a new cart that goes through the same rules as any other. */
export async function acceptSuggestion(app: FastifyInstance, actor: Actor, cartId: string) {
  const parentId = familyOf(actor);
  return inCartTransaction(app, parentId, cartId, async (tx, found) => {
    if (!found) throw notFound(CART_NOT_FOUND);
    assertActorMaySee(actor, found.child.id);
    const { user, cart, child } = found;
    const suggestion = cart.status === "declined" ? cart.suggestedItem : null;
    if (!suggestion) throw conflict("This cart has no suggested item to accept");
    if (await suggestionAccepted(tx, cart)) throw conflict("This suggestion was already accepted");
    const item: CartItem = { name: suggestion.name, price: suggestion.price, quantity: 1 };
    if (suggestion.url) item.url = suggestion.url;
    return createCart(
      app,
      tx,
      user,
      child,
      { retailer: cart.retailer, tag: cart.tag ?? undefined, items: [item] },
      {
        fromCartId: cart.id,
      },
    );
  });
}

/** Items name categories as typed; each must be one of the child's, and is stored under its exact name. */
function withKnownCategories(items: CartItem[], categories: BudgetCategoryRow[]): CartItem[] {
  const byName = new Map(categories.map((c) => [c.name.toLowerCase(), c.name]));
  const errors: { field: string; message: string }[] = [];
  const resolved = items.map((item, i) => {
    const normalized = { ...item, price: formatCents(parseCents(item.price)) };
    if (item.category === undefined) return normalized;
    const name = byName.get(item.category.toLowerCase());
    if (name === undefined) {
      errors.push({ field: `items.${i}.category`, message: `There is no category named ${item.category}` });
      return normalized;
    }
    return { ...normalized, category: name };
  });
  if (errors.length) throw new HttpError(400, errors.map((e) => e.message).join("; "), errors);
  return resolved;
}

async function createCart(
  app: FastifyInstance,
  tx: Tx,
  user: UserRow,
  lockedChild: ChildRow,
  input: SubmitInput,
  link: { idempotencyKey?: string; fromCartId?: string },
) {
  if (!lockedChild.isActive) {
    throw forbidden(`${lockedChild.name}'s profile is inactive, so purchases are paused until a parent reactivates it`);
  }
  const now = app.now();
  const child = await reviewEndedMonth(tx, lockedChild, now);
  const categories = namesCategories(input.items) ? await listChildCategories(tx, child.id, true) : [];
  const items = withKnownCategories(input.items, categories);
  const total = items.reduce((sum, item) => sum + itemAmount(item), 0);
  if (total > MAX_AMOUNT_CENTS) {
    throw new HttpError(400, `A cart's total must be at most ${formatCents(MAX_AMOUNT_CENTS)}`, [
      { field: "items", message: `A cart's total must be at most ${formatCents(MAX_AMOUNT_CENTS)}` },
    ]);
  }

  const month = monthKey(now);
  const { spent, budget } = monthAmounts(child, now);
  const decision = decideAutoApproval({
    total,
    autoApprovalLimit: child.autoApprovalLimit,
    spent,
    budget,
    requireApprovalForAll: child.requireApprovalForAll,
    purchasesLeft: purchasesLeft(user.subscriptionTier, monthlyPurchasesUsed(user, now), user.monthlyPurchaseLimit),
    categories: [...sharesByCategory(items, categories)].map(([c, amount]) => ({
      name: c.name,
      isRestricted: c.isRestricted,
      monthlyLimit: c.monthlyLimit,
      spent: categorySpent(c, month),
      amount,
    })),
  });

  const submitted: BadgeEvent = { kind: "cart_submitted" };
  const writes = decision.approved
    ? purchaseWrites(tx, { user, child, total, items, categories, now }, [submitted])
    : badgeWrites(tx, child.id, [submitted], now);
  const cart = await insertCart(
    tx,
    {
      childId: child.id,
      retailer: input.retailer,
      total,
      status: decision.approved ? "approved" : "pending",
      tag: input.tag || null,
      notes: input.notes || null,
      items,
      decisionReason: decision.reason,
      fromCartId: link.fromCartId ?? null,
      idempotencyKey: link.idempotencyKey ?? null,
      approvedAt: decision.approved ? now : null,
      createdAt: now,
      updatedAt: now,
    },
    writes,
  );
  return cart;
}
