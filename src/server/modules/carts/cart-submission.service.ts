import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { decideAutoApproval } from "../../../shared/rules/auto-approval";
import type { BadgeEvent } from "../../../shared/rules/badges";
import { formatCents, parseCents } from "../../../shared/rules/money";
import { purchasesLeft } from "../../../shared/rules/plans";
import type { CartItem, CartSubmit } from "../../../shared/schemas/carts";
import type { Tx } from "../../db/client";
import type { BudgetCategoryRow, CartRow, ChildRow, UserRow } from "../../db/schema";
import { groupCommit, type Outcome } from "../../lib/group-commit";
import { conflict, forbidden, HttpError, notFound } from "../../lib/http-errors";
import { monthKey } from "../../lib/month";
import { type Actor, assertActorMaySee, familyOf } from "../../plugins/auth";
import { earnedBadgeRows, judgeEndedMonth } from "../achievements/badges.service";
import { categorySpent } from "../categories/categories.repository";
import { monthAmounts } from "../children/children.repository";
import { CHILD_NOT_FOUND } from "../children/children.service";
import { inCartTransaction, lockChildrenCategories, lockedPair, lockFamilyChildren } from "../children/family-lock";
import { monthlyPurchasesUsed } from "../usage/usage.repository";
import { MAX_BATCH, MAX_BATCHES_IN_FLIGHT } from "./batching";
import { CART_NOT_FOUND } from "./cart-decisions.service";
import { addCartWrites, type CartWrites, noCartWrites, writeCartWrites } from "./cart-writes.repository";
import { findCartsByIdempotencyKeys, suggestionAccepted } from "./carts.repository";
import { itemAmount, MAX_AMOUNT_CENTS, namesCategories, purchaseChanges, sharesByCategory } from "./purchases";

type SubmitInput = Pick<CartSubmit, "retailer" | "tag" | "notes"> & { items: CartItem[] };

interface Submission {
  actor: Actor;
  childId: string;
  input: SubmitInput;
  idempotencyKey: string | undefined;
}

/**
 * decisions.md "Carts": submits a cart from the child's session or the owning parent's. Submissions
 * that arrive together are written together (group commit, one transaction for many families), and a
 * family's submissions never share a batch, so each is decided on its family's latest figures. A retry
 * with the same Idempotency-Key answers the cart the first attempt made: the retry runs after the first
 * attempt has committed, under the same family lock, so two racing retries never make two carts.
 */
export function cartSubmitter(app: FastifyInstance) {
  const submit = groupCommit<Submission, CartRow>({
    keyOf: (s) => familyOf(s.actor),
    runBatch: (batch, alone) => app.database.db.transaction((tx) => submitBatch(app, tx, batch, alone)),
    maxBatch: MAX_BATCH,
    maxInFlight: MAX_BATCHES_IN_FLIGHT,
  });
  return (actor: Actor, childId: string, input: SubmitInput, idempotencyKey: string | undefined) => {
    assertActorMaySee(actor, childId);
    return submit({ actor, childId, input, idempotencyKey });
  };
}

/** `alone`: wait for rows another transaction holds; otherwise leave their jobs to run alone (group-commit). */
async function submitBatch(
  app: FastifyInstance,
  tx: Tx,
  batch: Submission[],
  alone: boolean,
): Promise<Outcome<CartRow>[]> {
  const now = app.now();
  const locked = await lockFamilyChildren(
    tx,
    batch.map((s) => ({ parentId: familyOf(s.actor), childId: s.childId })),
    { skipLocked: !alone },
  );
  const lockedChild = (s: Submission) => lockedPair(locked, familyOf(s.actor), s.childId);
  const earlier = await findCartsByIdempotencyKeys(
    tx,
    batch.flatMap((s) => {
      const found = lockedChild(s);
      return found && s.idempotencyKey ? [{ childId: found.child.id, key: s.idempotencyKey }] : [];
    }),
  );
  const categories = await lockChildrenCategories(
    tx,
    batch.flatMap((s) => {
      const found = lockedChild(s);
      return found && namesCategories(s.input.items) ? [found.child.id] : [];
    }),
  );

  const writes = noCartWrites();
  const outcomes = batch.map((s): Outcome<CartRow> => {
    try {
      const found = lockedChild(s);
      if (!found && !alone) return { kind: "alone" };
      if (!found) throw notFound(CHILD_NOT_FOUND);
      const { user, child } = found;
      const again = s.idempotencyKey ? earlier.get(`${child.id}:${s.idempotencyKey}`) : undefined;
      if (again) return { kind: "done", value: again };
      const made = prepareCart(user, child, s.input, categories.get(child.id) ?? [], now, {
        idempotencyKey: s.idempotencyKey,
      });
      addCartWrites(writes, made.writes);
      return { kind: "done", value: made.cart };
    } catch (error) {
      return { kind: "failed", error };
    }
  });
  await writeCartWrites(tx, writes);
  return outcomes;
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
    const input = { retailer: cart.retailer, tag: cart.tag ?? undefined, items: [item] };
    const made = prepareCart(user, child, input, [], app.now(), { fromCartId: cart.id });
    await writeCartWrites(tx, { ...noCartWrites(), ...made.writes });
    return made.cart;
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

/**
 * A new cart decided by the rules, and what writing it changes. Throws (changing nothing) when the cart
 * may not be made. The caller holds the family's lock and its child's and categories' row locks.
 */
function prepareCart(
  user: UserRow,
  lockedChild: ChildRow,
  input: SubmitInput,
  lockedCategories: BudgetCategoryRow[],
  now: Date,
  link: { idempotencyKey?: string; fromCartId?: string },
): { cart: CartRow; writes: Partial<CartWrites> } {
  if (!lockedChild.isActive) {
    throw forbidden(`${lockedChild.name}'s profile is inactive, so purchases are paused until a parent reactivates it`);
  }
  const judged = judgeEndedMonth(lockedChild, now);
  const child = judged?.child ?? lockedChild;
  const categories = namesCategories(input.items) ? lockedCategories : [];
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

  const cart: CartRow = {
    id: randomUUID(),
    childId: child.id,
    retailer: input.retailer,
    total,
    status: decision.approved ? "approved" : "pending",
    tag: input.tag || null,
    notes: input.notes || null,
    items,
    decisionReason: decision.reason,
    decisionNote: null,
    suggestedItem: null,
    fromCartId: link.fromCartId ?? null,
    idempotencyKey: link.idempotencyKey ?? null,
    approvedAt: decision.approved ? now : null,
    declinedAt: null,
    completedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const submitted: BadgeEvent = { kind: "cart_submitted" };
  const purchase = decision.approved
    ? purchaseChanges({ user, child, total, items, categories, now }, [submitted])
    : { children: judged ? [child] : [], badges: earnedBadgeRows(child.id, [submitted], now) };
  return {
    cart,
    writes: { ...purchase, badges: [...(judged?.badges ?? []), ...purchase.badges], newCarts: [cart] },
  };
}
