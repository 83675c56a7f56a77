import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { formatCents } from "../../../shared/rules/money";
import type { CartItem } from "../../../shared/schemas/carts";
import type { CheckoutSession, CheckoutSessionCreate, Merchant } from "../../../shared/schemas/merchants";
import type { CheckoutSessionRow, CheckoutSessionStatus, MerchantRow } from "../../db/schema";
import { badRequest, codedError, conflict, HttpError, notFound, unauthorized } from "../../lib/http-errors";
import { AddressNotAllowedError, type AddressPolicy, checkPublicUrl } from "../../lib/public-address";
import { sha256 } from "../../lib/tokens";
import { type Actor, assertActorMaySee, familyOf } from "../../plugins/auth";
import { changeCartBudget, changeChildBudget, itemAmount, MAX_AMOUNT_CENTS } from "../budget/budget";
import { decideCompletion } from "../carts/cart-completion.service";
import { assertChildMayAsk, assertChildMayShop, decideSubmission } from "../carts/cart-submission.service";
import { CHILD_NOT_FOUND } from "../children/children.service";
import { newApiKey, newWebhookSecret, type SecretBox } from "./merchant-keys";
import {
  approvalWindowOf,
  familyOfCart,
  findActiveMerchantByKeyHash,
  findCheckoutSession,
  findMerchant,
  findSessionByIdempotencyKey,
  findWebhookEvent,
  insertCheckoutSession,
  insertMerchant,
  insertWebhookEvents,
  listWebhookEvents,
  lockCheckoutSession,
  lockExpiredOpenSessions,
  markSessionSent,
  requeueWebhook,
  setSessionsStatus,
  stopDisabledMerchantsWebhooks,
  updateMerchant,
} from "./merchants.repository";
import { toDelivery, webhookEventRow } from "./webhooks.service";

/** docs/spec "Asking from the store": a checkout session is open for 24 hours. */
export const CHECKOUT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const SESSION_NOT_FOUND = "Checkout session not found";
export const MERCHANT_NOT_FOUND = "Merchant not found";
export const DELIVERY_NOT_FOUND = "Delivery not found";
/** Decision 144: what a child (or guardian) is told when a disabled merchant's checkout is sent. */
export const MERCHANT_DISABLED =
  "This store is no longer connected to Pocketwise, so this checkout can't be sent. Ask the store for another way to pay.";
const MAX_IDEMPOTENCY_KEY = 255;
/** Wrong API keys an address may send in a window before it is refused (as many as decision-link misses). */
export const MERCHANT_KEY_MISSES_PER_ADDRESS = 100;
export const MERCHANT_KEY_WINDOW_MS = 15 * 60 * 1000;

export interface MerchantsContext {
  app: FastifyInstance;
  box: () => Promise<SecretBox>;
  policy: AddressPolicy;
  linkOrigin: string;
  /** Asks the webhook worker to deliver what was just committed. */
  wake: () => void;
}

export const toMerchant = (row: MerchantRow): Merchant => ({
  id: row.id,
  name: row.name,
  domain: row.domain,
  webhookUrl: row.webhookUrl,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toCheckoutSession = (row: CheckoutSessionRow): CheckoutSession => ({
  id: row.id,
  status: row.status,
  reference: row.reference,
  cartId: row.cartId,
  total: formatCents(row.total),
  expiresAt: row.expiresAt.toISOString(),
});

/** A webhook URL must pass the push endpoints' address rules when it is registered, and again at each delivery. */
async function checkWebhookUrl(ctx: MerchantsContext, url: string) {
  try {
    await checkPublicUrl(url, ctx.policy);
  } catch (err) {
    if (err instanceof AddressNotAllowedError) {
      throw badRequest("Webhook URL must be an https address on the public internet", "webhookUrl");
    }
    throw err;
  }
}

async function freshCredentials(ctx: MerchantsContext) {
  const apiKey = newApiKey();
  const webhookSecret = newWebhookSecret();
  const box = await ctx.box();
  return {
    apiKey,
    webhookSecret,
    stored: { apiKeyHash: sha256(apiKey), webhookSecretEncrypted: box.seal(webhookSecret) },
  };
}

export async function createMerchant(
  ctx: MerchantsContext,
  input: { name: string; domain: string; webhookUrl: string },
) {
  await checkWebhookUrl(ctx, input.webhookUrl);
  const { apiKey, webhookSecret, stored } = await freshCredentials(ctx);
  const now = ctx.app.now();
  const row = await insertMerchant(ctx.app.database.db, {
    name: input.name,
    domain: input.domain.toLowerCase(),
    webhookUrl: input.webhookUrl,
    ...stored,
    createdAt: now,
    updatedAt: now,
  });
  return { ...toMerchant(row), apiKey, webhookSecret };
}

/** New key and secret; the old ones stop at once, as their hash and ciphertext are overwritten. */
export async function rotateMerchant(ctx: MerchantsContext, id: string) {
  const { apiKey, webhookSecret, stored } = await freshCredentials(ctx);
  const row = await updateMerchant(ctx.app.database.db, id, { ...stored, updatedAt: ctx.app.now() });
  if (!row) throw notFound(MERCHANT_NOT_FOUND);
  return { ...toMerchant(row), apiKey, webhookSecret };
}

/**
 * Decision 144: disabling stops the merchant's pending webhooks in the same transaction (they show as
 * stopped, and staff may retry one once the merchant is on again); enabling resumes nothing by itself.
 */
export async function setMerchantActive(ctx: MerchantsContext, id: string, isActive: boolean) {
  const row = await ctx.app.database.db.transaction(async (tx) => {
    const updated = await updateMerchant(tx, id, { isActive, updatedAt: ctx.app.now() });
    if (updated && !isActive) await stopDisabledMerchantsWebhooks(tx, id);
    return updated;
  });
  if (!row) throw notFound(MERCHANT_NOT_FOUND);
  return toMerchant(row);
}

/** The merchant's webhook events, newest first; `next` is the cursor of the page after, when there is one. */
export async function listDeliveries(ctx: MerchantsContext, merchantId: string, limit: number, before?: string) {
  const db = ctx.app.database.db;
  if (!(await findMerchant(db, merchantId))) throw notFound(MERCHANT_NOT_FOUND);
  const cursor = before ? await findWebhookEvent(db, merchantId, before) : null;
  if (before && !cursor) throw badRequest("before must be one of this merchant's deliveries", "before");
  const rows = await listWebhookEvents(db, merchantId, limit + 1, cursor ?? undefined);
  const page = rows.slice(0, limit);
  const now = ctx.app.now();
  return {
    deliveries: page.map((row) => toDelivery(row, now)),
    next: rows.length > limit ? page.at(-1)?.id : undefined,
  };
}

/**
 * Staff send an event again now, with its id and body unchanged, so a merchant that saw it already knows
 * it by its id. Another merchant's event is 404; a delivered one, or one of a disabled merchant, 409.
 */
export async function retryDelivery(ctx: MerchantsContext, merchantId: string, eventId: string) {
  const db = ctx.app.database.db;
  const merchant = await findMerchant(db, merchantId);
  if (!merchant) throw notFound(MERCHANT_NOT_FOUND);
  const event = await findWebhookEvent(db, merchantId, eventId);
  if (!event) throw notFound(DELIVERY_NOT_FOUND);
  if (!merchant.isActive) throw conflict("Turn this merchant on again before retrying its deliveries");
  if (event.status === "delivered") throw conflict("This event was already delivered");
  const row = await requeueWebhook(db, merchantId, eventId, ctx.app.now());
  if (!row) throw conflict("This event was already delivered");
  ctx.wake();
  return toDelivery(row, ctx.app.now());
}

/**
 * The merchant a request's `Authorization: Bearer {apiKey}` names; 401 otherwise. Each lookup is
 * counted against the address first and taken back when the key was right, so wrong keys are limited
 * per address (429) while a merchant's own calls are not.
 */
export async function requireMerchant(ctx: MerchantsContext, req: FastifyRequest): Promise<MerchantRow> {
  const header = req.headers.authorization;
  const key = header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : "";
  if (!key || key.length > 200) throw unauthorized();
  const release = await ctx.app.rateLimiter.reserve(
    [`merchant-key:ip:${req.ip}`],
    MERCHANT_KEY_MISSES_PER_ADDRESS,
    MERCHANT_KEY_WINDOW_MS,
    "Too many wrong API keys from this address.",
  );
  const merchant = await findActiveMerchantByKeyHash(ctx.app.database.db, sha256(key));
  if (!merchant) throw unauthorized();
  await release();
  return merchant;
}

export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const value = req.headers["idempotency-key"];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length < 1 || value.length > MAX_IDEMPOTENCY_KEY) {
    throw badRequest(`Idempotency-Key must be 1-${MAX_IDEMPOTENCY_KEY} characters`, "Idempotency-Key");
  }
  return value;
}

/** The request as parsed, in a fixed key order, so a retry's JSON spelled differently still matches. */
const requestHash = (input: CheckoutSessionCreate) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        input.items.map((i) => [i.name, i.price, i.quantity, i.url ?? null, i.imageUrl ?? null]),
        input.reference,
        input.successUrl,
        input.cancelUrl,
      ]),
    )
    .digest("hex");

export const sessionUrl = (ctx: MerchantsContext, id: string) => `${ctx.linkOrigin}/checkout/${id}`;

/**
 * A new session, or with an Idempotency-Key already used: the first answer for the same request, 409 for
 * another. The unique (merchant, key) index decides between two racing requests.
 */
export async function createCheckoutSession(
  ctx: MerchantsContext,
  merchant: MerchantRow,
  input: CheckoutSessionCreate,
  idempotencyKey: string | undefined,
) {
  const total = input.items.reduce((sum, item) => sum + itemAmount(item), 0);
  if (total > MAX_AMOUNT_CENTS) {
    throw new HttpError(400, `A checkout's total must be at most ${formatCents(MAX_AMOUNT_CENTS)}`, [
      { field: "items", message: `A checkout's total must be at most ${formatCents(MAX_AMOUNT_CENTS)}` },
    ]);
  }
  const now = ctx.app.now();
  const hash = idempotencyKey ? requestHash(input) : null;
  const db = ctx.app.database.db;
  const created = await insertCheckoutSession(db, {
    merchantId: merchant.id,
    reference: input.reference,
    items: input.items.map((item) => ({ ...item, price: formatCents(itemAmount({ ...item, quantity: 1 })) })),
    total,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    status: "open",
    idempotencyKey: idempotencyKey ?? null,
    requestHash: hash,
    expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
    createdAt: now,
    updatedAt: now,
  });
  const row = created ?? (idempotencyKey ? await findSessionByIdempotencyKey(db, merchant.id, idempotencyKey) : null);
  if (!row) throw new Error("checkout session neither inserted nor found");
  if (!created && row.requestHash !== hash) {
    throw conflict("This Idempotency-Key was used with a different request");
  }
  return { id: row.id, url: sessionUrl(ctx, row.id), status: row.status, expiresAt: row.expiresAt.toISOString() };
}

/** A merchant sees its own sessions only: another merchant's is 404, as one that does not exist. */
export async function merchantSession(ctx: MerchantsContext, merchant: MerchantRow, id: string) {
  const found = await findCheckoutSession(ctx.app.database.db, id);
  if (!found || found.session.merchantId !== merchant.id) throw notFound(SESSION_NOT_FOUND);
  return found.session;
}

/**
 * The merchant marks the session's approved cart as bought: the carts' own completion rule under the
 * family lock (409 from any other status), written by the budget module, whose checkout part moves the
 * session to completed and writes checkout.completed in the same statement.
 */
export async function completeCheckoutSession(
  ctx: MerchantsContext,
  merchant: MerchantRow,
  id: string,
  orderNumber: string | undefined,
) {
  const session = await merchantSession(ctx, merchant, id);
  const notApproved = () =>
    new HttpError(409, `Only an approved checkout can be completed (this one is ${session.status})`);
  if (!session.cartId) throw notApproved();
  const family = await familyOfCart(ctx.app.database.db, session.cartId);
  if (!family) throw notApproved();
  await changeCartBudget(ctx.app, family.familyId, session.cartId, async (_tx, found) => {
    if (!found) throw notApproved();
    if (found.cart.status !== "approved") throw notApproved();
    return decideCompletion(found.cart, { orderNumber }, ctx.app.now());
  });
  ctx.wake();
  return toCheckoutSession(await merchantSession(ctx, merchant, id));
}

/** What the hosted page shows; an open session past its expiry reads as expired before the sweep runs. */
export async function hostedCheckout(ctx: MerchantsContext, id: string) {
  const found = await findCheckoutSession(ctx.app.database.db, id);
  if (!found) throw notFound(SESSION_NOT_FOUND);
  const { session, merchant } = found;
  const expired = session.status === "open" && session.expiresAt <= ctx.app.now();
  return {
    id: session.id,
    merchantName: merchant.name,
    items: session.items,
    total: formatCents(session.total),
    status: expired ? ("expired" as const) : session.status,
    expiresAt: session.expiresAt.toISOString(),
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
  };
}

/**
 * The child (or a guardian for a child) sends an open session: it becomes an ordinary cart of that child,
 * decided by the carts' own rule (decideSubmission) and written by the budget module, under every rule.
 * Decision 144: the whole send is one transaction. The session's row is locked after the family's and the
 * child's and must still be open, so of two sends at once (two children, two tabs, two families) one
 * makes the cart and the other is refused before it makes anything. The cart takes the session's id, so
 * the budget write links the session to it in the statement that inserts it (checkout-webhooks), and the
 * primary key itself forbids a second cart for one session. An approval at submission writes
 * checkout.approved in the same transaction.
 */
export async function sendCheckoutSession(ctx: MerchantsContext, actor: Actor, id: string, childId: string) {
  const { app } = ctx;
  assertActorMaySee(actor, childId);
  await assertChildMayAsk(app, actor);
  const sent = await changeChildBudget(app, familyOf(actor), childId, CHILD_NOT_FOUND, async (tx, { user, child }) => {
    const found = await lockCheckoutSession(tx, id);
    if (!found) throw notFound(SESSION_NOT_FOUND);
    const { session, merchant } = found;
    const now = app.now();
    if (session.status !== "open") throw conflict(`This checkout was already sent (it is ${session.status})`);
    if (session.expiresAt <= now) throw new HttpError(410, "This checkout has expired; ask the store for a new one");
    if (!merchant.isActive) throw codedError(409, "merchant_disabled", MERCHANT_DISABLED);
    await assertChildMayShop(tx, user, child);
    const items: CartItem[] = session.items.map((item) => ({
      name: item.name,
      price: item.price,
      quantity: item.quantity,
      ...(item.url ? { url: item.url } : {}),
      ...(item.imageUrl ? { imageUrl: item.imageUrl } : {}),
    }));
    const decided = decideSubmission(user, child, { retailer: merchant.name.slice(0, 100), items }, [], now, {
      idempotencyKey: `checkout:${session.id}`,
      approvalWindowHours: await approvalWindowOf(tx, user.id),
    });
    const cart = { ...decided.result, id: session.id };
    const status: CheckoutSessionStatus = cart.status === "approved" ? "approved" : "pending";
    await markSessionSent(tx, session.id, status, now);
    if (status === "approved") {
      await insertWebhookEvents(tx, [
        webhookEventRow({ ...session, cartId: cart.id, status }, "checkout.approved", now),
      ]);
    }
    return {
      result: { id: session.id, status, cartId: cart.id },
      changes: { ...decided.changes, newCarts: [cart] },
    };
  });
  if (sent.status !== "pending") ctx.wake();
  return sent;
}

/** How many sessions one expiry step takes; a sweep repeats steps until none is due. */
const EXPIRY_STEP = 200;

/**
 * Open sessions past their 24 hours become expired, each with its checkout.expired event in the same
 * transaction; SKIP LOCKED lets sweeps on several instances share the work without repeating any.
 */
export async function expireDueSessions(ctx: MerchantsContext): Promise<number> {
  let total = 0;
  for (;;) {
    const now = ctx.app.now();
    const expired = await ctx.app.database.db.transaction(async (tx) => {
      const due = await lockExpiredOpenSessions(tx, now, EXPIRY_STEP);
      await setSessionsStatus(
        tx,
        due.map((s) => s.id),
        "expired",
        now,
      );
      await insertWebhookEvents(
        tx,
        due.map((s) => webhookEventRow({ ...s, status: "expired" }, "checkout.expired", now)),
      );
      return due.length;
    });
    total += expired;
    if (expired > 0) ctx.wake();
    if (expired < EXPIRY_STEP) return total;
  }
}
