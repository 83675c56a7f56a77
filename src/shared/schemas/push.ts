import { z } from "zod";
import "./zod-messages";
import { IsoDateSchema } from "./common";

/** GET /api/push/key: the server's VAPID public key (RFC 8292), for PushManager.subscribe. */
export const PushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof PushKeySchema>;

/** Push services' endpoints are a few hundred characters; the limit only bounds what we store. */
export const PUSH_ENDPOINT_MAX = 2048;

/** What the server says when an endpoint's address breaks the rules (docs/decisions/132). */
export const PUSH_ADDRESS_NOT_ALLOWED = "This push address is not allowed";

const isHttpUrl = (text: string) => {
  try {
    return ["https:", "http:"].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

const EndpointSchema = z
  .string({ error: "Endpoint is required" })
  .trim()
  .min(1, { message: "Endpoint is required", abort: true })
  .max(PUSH_ENDPOINT_MAX, { message: `Endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`, abort: true })
  .refine(isHttpUrl, { message: "Endpoint must be an https:// address" });

/**
 * A browser's PushSubscription.toJSON(): the keys are URL-safe base64, p256dh an uncompressed P-256 point
 * (65 bytes, so it starts with "B") and auth 16 random bytes (RFC 8291).
 */
export const PushSubscriptionCreateSchema = z.object({
  endpoint: EndpointSchema,
  keys: z.object(
    {
      p256dh: z
        .string({ error: "p256dh is required" })
        .regex(/^B[A-Za-z0-9_-]{86}=?$/, { message: "p256dh must be a P-256 public key (65 bytes, URL-safe base64)" }),
      auth: z
        .string({ error: "auth is required" })
        .regex(/^[A-Za-z0-9_-]{22}(==)?$/, { message: "auth must be a 16-byte secret (URL-safe base64)" }),
    },
    { error: "Keys are required" },
  ),
});
export type PushSubscriptionCreate = z.infer<typeof PushSubscriptionCreateSchema>;

export const PushSubscriptionDeleteSchema = z.object({ endpoint: EndpointSchema });
export type PushSubscriptionDelete = z.infer<typeof PushSubscriptionDeleteSchema>;

/** A device's subscription as the API answers it: never its keys. */
export const PushSubscriptionSchema = z.object({
  id: z.string(),
  endpoint: z.string(),
  createdAt: IsoDateSchema,
  lastSuccessAt: IsoDateSchema.nullable(),
});
export type PushSubscriptionRecord = z.infer<typeof PushSubscriptionSchema>;

/**
 * The JSON a push message carries, which public/sw.js shows. An action with `decideUrl` is a one-tap
 * decision: the service worker POSTs to it (POST /api/decide/{token}); `url` is the page to open instead.
 */
export interface PushAction {
  action: string;
  title: string;
  url?: string;
  decideUrl?: string;
}
export interface PushMessage {
  title: string;
  body: string;
  /** The page a click on the notification opens. */
  url: string;
  /** A later message with the same tag replaces this one on the device. */
  tag?: string;
  actions?: PushAction[];
}
