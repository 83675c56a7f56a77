import { createECDH, createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { FastifyInstance } from "fastify";
import webpush, { type RequestDetails, type Urgency } from "web-push";
import {
  PUSH_ADDRESS_NOT_ALLOWED,
  type PushMessage,
  type PushSubscriptionCreate,
  type PushSubscriptionRecord,
} from "../../../shared/schemas/push";
import { badRequest } from "../../lib/http-errors";
import { AddressNotAllowedError, type CheckedUrl, checkPublicUrl, pinnedLookup } from "../../lib/public-address";
import {
  deleteGonePushSubscription,
  deleteUserPushSubscription,
  listUserPushSubscriptions,
  markPushDelivered,
  type PushSubscriptionRow,
  toPushSubscription,
  trimPushSubscriptions,
  upsertPushSubscription,
} from "./push.repository";

/** Phones, tablets and browsers one adult turns notifications on for; the oldest beyond it is dropped. */
export const MAX_DEVICES_PER_USER = 20;
/** The longest a push service keeps a message for an offline device (FCM's and web-push's limit). */
export const MAX_TTL_SECONDS = 28 * 24 * 60 * 60;
/**
 * RFC 8291 §4: one 4096-byte record, less its 86-byte header, the 16-byte tag and the padding delimiter.
 * Push services need not take more.
 */
export const MAX_PAYLOAD_BYTES = 4096 - 86 - 16 - 1;
/** A push service that has not answered by then is counted as failed; the caller's retry sends again. */
const SEND_TIMEOUT_MS = 10_000;

async function assertPushAddress(app: FastifyInstance, endpoint: string) {
  try {
    await checkPublicUrl(endpoint, app.push.addressPolicy);
  } catch (err) {
    if (err instanceof AddressNotAllowedError) throw badRequest(PUSH_ADDRESS_NOT_ALLOWED, "endpoint");
    throw err;
  }
}

/** A p256dh that is no point on P-256 would fail every encryption: refuse it when the browser sends it. */
function assertP256Point(p256dh: string) {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, "base64url"));
  } catch {
    throw badRequest("p256dh must be a P-256 public key (65 bytes, URL-safe base64)", "keys.p256dh");
  }
}

/** POST /api/push/subscriptions: this device's subscription becomes `userId`'s. */
export async function subscribe(
  app: FastifyInstance,
  userId: string,
  input: PushSubscriptionCreate,
): Promise<PushSubscriptionRecord> {
  assertP256Point(input.keys.p256dh);
  await assertPushAddress(app, input.endpoint);
  const { db } = app.database;
  const row = await upsertPushSubscription(db, {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    now: app.now(),
  });
  await trimPushSubscriptions(db, userId, row.id, MAX_DEVICES_PER_USER - 1);
  return toPushSubscription(row);
}

/** DELETE /api/push/subscriptions: removes the endpoint if it is `userId`'s, and nothing otherwise. */
export async function unsubscribe(app: FastifyInstance, userId: string, endpoint: string) {
  await deleteUserPushSubscription(app.database.db, userId, endpoint);
}

export interface SendPushOptions {
  /** How long a push service may hold the message for an offline device: until the cart expires, say. */
  ttlSeconds: number;
  urgency?: Urgency;
}

export interface SendPushResult {
  sent: number;
  /** Subscriptions their push service called gone (404, 410), now deleted. */
  removed: number;
  /** Devices not reached this time (refused address, timeout, any other answer); kept for the next message. */
  failed: number;
}

/**
 * Sends `message` to every device `userId` turned notifications on for, encrypted for each (RFC 8291,
 * aes128gcm) and signed with the VAPID key (RFC 8292). One bad device never stops the others, and
 * nothing here throws for one: each ends up sent, removed or failed.
 */
export async function sendPush(
  app: FastifyInstance,
  userId: string,
  message: PushMessage,
  options: SendPushOptions,
): Promise<SendPushResult> {
  const { db } = app.database;
  const subscriptions = await listUserPushSubscriptions(db, userId);
  const result: SendPushResult = { sent: 0, removed: 0, failed: 0 };
  if (subscriptions.length === 0) return result;
  const vapidDetails = await app.push.vapid();
  const payload = payloadOf(message);
  const TTL = Math.max(0, Math.min(Math.floor(options.ttlSeconds), MAX_TTL_SECONDS));
  // RFC 8030 §5.4: a newer message on the same topic replaces one the push service still holds.
  const topic = message.tag ? createHash("sha256").update(message.tag).digest("base64url").slice(0, 32) : undefined;

  await Promise.all(
    subscriptions.map(async (subscription) => {
      const outcome = await deliver(app, subscription, payload, {
        vapidDetails,
        TTL,
        urgency: options.urgency ?? "normal",
        contentEncoding: "aes128gcm",
        ...(topic ? { topic } : {}),
      });
      result[outcome] += 1;
    }),
  );
  return result;
}

async function deliver(
  app: FastifyInstance,
  subscription: PushSubscriptionRow,
  payload: string,
  options: Parameters<typeof webpush.generateRequestDetails>[2],
): Promise<keyof SendPushResult> {
  const { db } = app.database;
  const origin = originOf(subscription.endpoint);
  try {
    // Checked again at each send, and the connection goes to the addresses checked now: the name may
    // resolve elsewhere than when the device subscribed (docs/decisions/132).
    const checked = await checkPublicUrl(subscription.endpoint, app.push.addressPolicy);
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      options,
    );
    const status = await post(checked, details);
    if (status >= 200 && status < 300) {
      await markPushDelivered(db, subscription.id, app.now());
      return "sent";
    }
    if (status === 404 || status === 410) {
      await deleteGonePushSubscription(db, subscription);
      return "removed";
    }
    app.log.warn({ pushService: origin, status }, "push service refused a message");
    return "failed";
  } catch (err) {
    app.log.warn({ pushService: origin, err: (err as Error).message }, "push message not delivered");
    return "failed";
  }
}

/** The endpoint's origin for the logs: its path is the device's capability, never logged. */
const originOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return "(not a URL)";
  }
};

/**
 * RFC 8030 §5 POST to the push service, connected only to the checked addresses. Answers the status; a
 * push service's body says nothing we act on. Redirects are not followed (RFC 8030 has none).
 */
function post(checked: CheckedUrl, details: RequestDetails): Promise<number> {
  const send = checked.url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      checked.url,
      {
        method: details.method,
        headers: details.headers,
        lookup: pinnedLookup(checked.addresses),
        timeout: SEND_TIMEOUT_MS,
        // One connection per message: a kept-alive one would outlive the check it was made under.
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
    req.end(details.body ?? undefined);
  });
}

/** The message as JSON, its body shortened (never its title or links) when it would not fit one record. */
export function payloadOf(message: PushMessage): string {
  const chars = [...message.body];
  let keep = chars.length;
  let json = JSON.stringify(message);
  for (
    let over = Buffer.byteLength(json) - MAX_PAYLOAD_BYTES;
    over > 0;
    over = Buffer.byteLength(json) - MAX_PAYLOAD_BYTES
  ) {
    if (keep === 0) throw new Error("push message too large even without its body");
    // A character is 1 to 4 bytes in UTF-8 (a little more escaped in JSON): cut, measure, cut again.
    keep = Math.max(0, keep - Math.ceil(over / 4));
    json = JSON.stringify({ ...message, body: `${chars.slice(0, keep).join("")}…` });
  }
  return json;
}
