import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { DEFAULT_APPROVAL_WINDOW_HOURS, expiresAtFor } from "../../../shared/rules/approval-window";
import { decideAutoApproval } from "../../../shared/rules/auto-approval";
import type { BadgeEvent } from "../../../shared/rules/badges";
import { formatCents, parseCents } from "../../../shared/rules/money";
import { mayShopOnPlan, planFor, purchasesLeft, shoppingPausedMessage } from "../../../shared/rules/plans";
import type { CartItem, CartSubmit } from "../../../shared/schemas/carts";
import type { Executor } from "../../db/client";
import {
  type BudgetCategoryRow,
  type CartRow,
  type ChildRow,
  carts,
  children,
  type UserRow,
  users,
} from "../../db/schema";
import { codedError, conflict, forbidden, HttpError, isUuid, notFound } from "../../lib/http-errors";
import { monthKey } from "../../lib/month";
import { type Actor, assertActorMaySee, familyOf } from "../../plugins/auth";
import {
  categorySpent,
  changeCartBudget,
  type Decided,
  earnedBadgeRows,
  familyBatcher,
  itemAmount,
  judgeEndedMonth,
  MAX_AMOUNT_CENTS,
  monthAmounts,
  monthlyPurchasesUsed,
  namesCategories,
  purchaseChanges,
  sharesByCategory,
} from "../budget/budget";
import { CHILD_NOT_FOUND } from "../children/children.service";
import { CART_NOT_FOUND } from "./cart-decisions.service";
import { findCartsByIdempotencyKeys, suggestionAccepted } from "./carts.repository";

type SubmitInput = Pick<CartSubmit, "retailer" | "tag" | "notes"> & { items: CartItem[] };

interface Submission {
  actor: Actor;
  childId: string;
  input: SubmitInput;
  idempotencyKey: string | undefined;
}

/**
 * docs/product-contract.md "Carts: the purchase flow": submits a cart from the child's session or the
 * owning parent's. Submissions that arrive together are written together (the budget module's group
 * commit), and a family's submissions never share a batch, so each is decided on its family's latest
 * figures. A retry with the same Idempotency-Key answers the cart the first attempt made: the retry runs
 * after the first attempt has committed, under the same family lock, so two racing retries never make
 * two carts.
 */
/**
 * What one child may ask for (docs/decisions/163): carts waiting at once, and carts asked for in an hour per
 * child and per device. Counted in the database, so every instance shares them.
 */
export const CHILD_ASK_LIMITS = { pendingCarts: 25, perHour: 30 } as const;
export const TOO_MANY_WAITING = "You have lots of requests waiting. Ask your parent to look at them first.";
export const TOO_MANY_ASKS = "That's a lot of requests in one hour! Take a break and try again a bit later.";
const HOUR_MS = 60 * 60 * 1000;

/**
 * A child's session asking for one more cart: refused with 429 past the waiting carts' cap or the hourly
 * rate. A parent's own carts for a child are not limited: the limits keep a child from flooding the parent.
 */
export async function assertChildMayAsk(app: FastifyInstance, actor: Actor) {
  if (actor.kind !== "child") return;
  const limits = CHILD_ASK_LIMITS;
  // The cap's row, if there is one: reading at most `pendingCarts` index entries, however many wait.
  const [over] = await app.database.db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.childId, actor.childId), eq(carts.status, "pending")))
    .limit(1)
    .offset(limits.pendingCarts - 1);
  if (over) throw new HttpError(429, TOO_MANY_WAITING);
  const keys = [`cart-ask:child:${actor.childId}`, ...(actor.deviceId ? [`cart-ask:device:${actor.deviceId}`] : [])];
  await app.rateLimiter.reserve(keys, limits.perHour, HOUR_MS, TOO_MANY_ASKS);
}

export function cartSubmitter(app: FastifyInstance) {
  const submit = familyBatcher(app, {
    rows: "child",
    target: (s: Submission) => ({ parentId: familyOf(s.actor), id: s.childId }),
    notFoundMessage: CHILD_NOT_FOUND,
    needsCategories: (s) => namesCategories(s.input.items),
    recall: async (tx, found) => {
      const keyed = found.flatMap(({ job, locked }) =>
        job.idempotencyKey ? [{ job, childId: locked.child.id, key: job.idempotencyKey }] : [],
      );
      const carts = await findCartsByIdempotencyKeys(tx, keyed);
      return new Map(
        keyed.flatMap(({ job, childId, key }) => {
          const cart = carts.get(`${childId}:${key}`);
          return cart ? [[job, cart] as const] : [];
        }),
      );
    },
    decide: (s, { user, child, approvalWindowHours }, { categories, earlier, now }): Decided<CartRow> =>
      earlier
        ? { result: earlier }
        : decideSubmission(user, child, s.input, categories, now, {
            idempotencyKey: s.idempotencyKey,
            approvalWindowHours,
          }),
  });
  return async (actor: Actor, childId: string, input: SubmitInput, idempotencyKey: string | undefined) => {
    assertActorMaySee(actor, childId);
    // Read before the batch takes its locks: a plan change racing a submission by milliseconds may let one
    // cart through, which the plan's purchase count still bounds.
    await assertMayShopNow(app.database.db, familyOf(actor), childId);
    await assertChildMayAsk(app, actor);
    return submit({ actor, childId, input, idempotencyKey });
  };
}

/** Active children of the family added before this one (docs/decisions/162). */
async function activeChildrenBefore(ex: Executor, familyId: string, child: Pick<ChildRow, "id" | "createdAt">) {
  const [row] = await ex
    .select({ n: count() })
    .from(children)
    .where(
      and(
        eq(children.parentId, familyId),
        eq(children.isActive, true),
        sql`(${children.createdAt}, ${children.id}) < (${child.createdAt.toISOString()}::timestamptz, ${child.id}::uuid)`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Refuses a cart from a child beyond the plan's number of active children (403 child_limit). Callers holding
 * the family's lock pass its rows, so the answer cannot change under them.
 */
export async function assertChildMayShop(ex: Executor, user: UserRow, child: ChildRow) {
  if (planFor(user.subscriptionTier).children === null) return;
  if (!mayShopOnPlan(user.subscriptionTier, await activeChildrenBefore(ex, user.id, child))) {
    throw codedError(403, "child_limit", shoppingPausedMessage(user.subscriptionTier));
  }
}

async function assertMayShopNow(ex: Executor, familyId: string, childId: string) {
  if (!isUuid(childId)) return;
  const [row] = await ex
    .select({ user: users, child: children })
    .from(children)
    .innerJoin(users, eq(users.id, children.parentId))
    .where(and(eq(children.id, childId), eq(children.parentId, familyId)));
  // An unknown child is the batch's to answer (404), as before.
  if (row) await assertChildMayShop(ex, row.user, row.child);
}

/** Turns a declined cart's suggested item into a new cart that goes through the same rules as any other. */
export async function acceptSuggestion(app: FastifyInstance, actor: Actor, cartId: string) {
  return changeCartBudget(app, familyOf(actor), cartId, async (tx, found) => {
    if (!found) throw notFound(CART_NOT_FOUND);
    assertActorMaySee(actor, found.child.id);
    const { user, cart, child } = found;
    const suggestion = cart.status === "declined" ? cart.suggestedItem : null;
    if (!suggestion) throw conflict("This cart has no suggested item to accept");
    if (await suggestionAccepted(tx, cart)) throw conflict("This suggestion was already accepted");
    const item: CartItem = { name: suggestion.name, price: suggestion.price, quantity: 1 };
    if (suggestion.url) item.url = suggestion.url;
    const input = { retailer: cart.retailer, tag: cart.tag ?? undefined, items: [item] };
    await assertChildMayShop(tx, user, child);
    return decideSubmission(user, child, input, [], app.now(), {
      fromCartId: cart.id,
      approvalWindowHours: found.approvalWindowHours,
    });
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
 * may not be made. The rows are as read under the family's lock and its child's and categories' row locks.
 */
export function decideSubmission(
  user: UserRow,
  lockedChild: ChildRow,
  input: SubmitInput,
  lockedCategories: BudgetCategoryRow[],
  now: Date,
  link: { idempotencyKey?: string; fromCartId?: string; approvalWindowHours?: number },
): Decided<CartRow> {
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
    decidedBy: null,
    decidedAt: decision.approved ? now : null,
    expiresAt: decision.approved ? null : expiresAtFor(now, link.approvalWindowHours ?? DEFAULT_APPROVAL_WINDOW_HOURS),
    reminderSentAt: null,
    orderNumber: null,
    createdAt: now,
    updatedAt: now,
  };
  const submitted: BadgeEvent = { kind: "cart_submitted" };
  const purchase = decision.approved
    ? purchaseChanges({ user, child, total, items, categories, now }, [submitted])
    : { children: judged ? [child] : [], badges: earnedBadgeRows(child.id, [submitted], now) };
  return {
    result: cart,
    changes: { ...purchase, badges: [...(judged?.badges ?? []), ...purchase.badges], newCarts: [cart] },
  };
}
