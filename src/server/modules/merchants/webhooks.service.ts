import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { formatCents } from "../../../shared/rules/money";
import type { WebhookDelivery, WebhookDeliveryStatus } from "../../../shared/schemas/merchants";
import type { CheckoutSessionRow, WebhookEventRow, webhookEvents } from "../../db/schema";
import { type CheckedUrl, checkPublicUrl, pinnedLookup } from "../../lib/public-address";
import { signatureHeader } from "./merchant-keys";
import {
  claimDueWebhooks,
  findMerchant,
  STOPPED_BY_DISABLING,
  settleWebhook,
  stopDisabledMerchantsWebhooks,
} from "./merchants.repository";
import type { MerchantsContext } from "./merchants.service";

/*
 * Decision 141: webhook events are an outbox like the notifications' (decision 133). A row is written
 * in the transaction that changed the session; the worker claims due rows (SKIP LOCKED, a lease), signs
 * the stored body at send time, and POSTs it to the merchant's webhook URL through the address rules.
 */

export type WebhookType = "checkout.approved" | "checkout.declined" | "checkout.expired" | "checkout.completed";

const SEND_TIMEOUT_MS = 10_000;
/** Far longer than a send may take, so a live sender never loses its claim. */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
/** docs/spec "Asking from the store": retried for at least 72 hours. */
export const RETRY_FOR_MS = 72 * 60 * 60_000;

/** The wait after the n-th failed attempt: 30 s doubling, at most 6 hours. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

/** Attempts whose waits add up to at least 72 hours; the last one that fails makes the event `failed`. */
export const MAX_ATTEMPTS = (() => {
  let waited = 0;
  let attempts = 1;
  while (waited < RETRY_FOR_MS) {
    waited += retryDelayMs(attempts);
    attempts += 1;
  }
  return attempts;
})();

/** The row for a session's status change: its id is in its body, which every delivery sends as it is. */
export function webhookEventRow(
  session: Pick<CheckoutSessionRow, "id" | "merchantId" | "reference" | "cartId" | "status" | "total">,
  type: WebhookType,
  now: Date,
): typeof webhookEvents.$inferInsert {
  const id = `evt_${randomUUID().replaceAll("-", "")}`;
  const body = JSON.stringify({
    id,
    type,
    created: Math.floor(now.getTime() / 1000),
    data: {
      checkoutSessionId: session.id,
      reference: session.reference,
      cartId: session.cartId,
      status: session.status,
      total: formatCents(session.total),
    },
  });
  return { id, merchantId: session.merchantId, checkoutSessionId: session.id, type, body, createdAt: now };
}

/** Sends every due event once; answers how many were settled (delivered, retried later, or failed). */
export async function deliverDueWebhooks(ctx: MerchantsContext): Promise<number> {
  // Events written for a disabled merchant since it was disabled (a family still decides its carts).
  await stopDisabledMerchantsWebhooks(ctx.app.database.db);
  let settled = 0;
  for (;;) {
    const claimed = await claimDueWebhooks(ctx.app.database.db, ctx.app.now(), LEASE_MS, BATCH);
    if (!claimed.length) return settled;
    for (const event of claimed) {
      if (await deliver(ctx, event)) settled += 1;
    }
    if (claimed.length < BATCH) return settled;
  }
}

async function deliver(ctx: MerchantsContext, event: WebhookEventRow): Promise<boolean> {
  const { app } = ctx;
  const db = app.database.db;
  const merchant = await findMerchant(db, event.merchantId);
  if (merchant && !merchant.isActive) {
    // Disabled between the claim and now: nothing is sent (decision 144).
    return settleWebhook(db, event, {
      status: "failed",
      nextAttemptAt: new Date(app.now().getTime() + retryDelayMs(event.attempts)),
      lastStatusCode: null,
      lastError: STOPPED_BY_DISABLING,
    });
  }
  let outcome: { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };
  if (!merchant) {
    outcome = { ok: false, statusCode: null, error: "merchant removed" };
  } else {
    try {
      const checked = await checkPublicUrl(merchant.webhookUrl, ctx.policy);
      const secret = (await ctx.box()).open(merchant.webhookSecretEncrypted);
      const signature = signatureHeader(secret, Math.floor(app.now().getTime() / 1000), event.body);
      const statusCode = await post(checked, event.body, signature);
      outcome =
        statusCode >= 200 && statusCode < 300
          ? { ok: true, statusCode }
          : { ok: false, statusCode, error: `answered ${statusCode}` };
    } catch (err) {
      outcome = { ok: false, statusCode: null, error: (err as Error).message.slice(0, 500) };
    }
  }
  const now = app.now();
  if (outcome.ok) {
    return settleWebhook(db, event, {
      status: "delivered",
      deliveredAt: now,
      lastStatusCode: outcome.statusCode,
      lastError: null,
    });
  }
  app.log.warn({ webhookEvent: event.id, attempts: event.attempts, error: outcome.error }, "webhook not delivered");
  const last = event.attempts >= MAX_ATTEMPTS || !merchant;
  return settleWebhook(db, event, {
    status: last ? "failed" : "pending",
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(event.attempts)),
    lastStatusCode: outcome.statusCode,
    lastError: outcome.error,
  });
}

/** POSTs the body to the checked addresses only; redirects are not followed. Answers the status. */
function post(checked: CheckedUrl, body: string, signature: string): Promise<number> {
  const send = checked.url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      checked.url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Pocketwise-Webhooks/1",
          "pocketwise-signature": signature,
        },
        lookup: pinnedLookup(checked.addresses),
        timeout: SEND_TIMEOUT_MS,
        // One connection per delivery: a kept-alive one would outlive the check it was made under.
        agent: false,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** How the staff's log names an event's state (decision 144). */
export function deliveryStatus(
  event: Pick<WebhookEventRow, "status" | "attempts" | "lastError" | "lastStatusCode">,
): WebhookDeliveryStatus {
  if (event.status === "delivered") return "delivered";
  if (event.status === "failed") return event.lastError === STOPPED_BY_DISABLING ? "stopped" : "given_up";
  return event.lastError !== null || event.lastStatusCode !== null ? "failed" : "pending";
}

/**
 * The schema keeps no attempt time, but each settling sets the next attempt one backoff after it, and a
 * delivery records its time: so the last attempt is known to the second. A claim still in flight would
 * read later than now, so it is capped there.
 */
function lastAttemptAt(event: WebhookEventRow, now: Date): Date | null {
  if (event.deliveredAt) return event.deliveredAt;
  if (event.attempts === 0) return null;
  const derived = event.nextAttemptAt.getTime() - retryDelayMs(event.attempts);
  return new Date(Math.min(derived, now.getTime()));
}

export function toDelivery(event: WebhookEventRow, now: Date): WebhookDelivery {
  const status = deliveryStatus(event);
  const waiting = status === "pending" || status === "failed";
  return {
    id: event.id,
    type: event.type,
    checkoutSessionId: event.checkoutSessionId,
    status,
    attempts: event.attempts,
    lastAttemptAt: lastAttemptAt(event, now)?.toISOString() ?? null,
    lastStatusCode: event.lastStatusCode,
    lastError: status === "stopped" ? null : event.lastError,
    nextAttemptAt: waiting ? event.nextAttemptAt.toISOString() : null,
    createdAt: event.createdAt.toISOString(),
  };
}
