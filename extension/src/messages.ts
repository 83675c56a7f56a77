import type { CartBody } from "./cart-body";

/**
 * What the popup asks the content script: the product (answered with a ProductResult) or the store's cart
 * (a CartResult). The content script answers only messages from this extension (the sender's id), so a page
 * cannot ask it anything.
 */
export type ReaderMessage = { type: "pocketwise:read-product" } | { type: "pocketwise:read-cart" };

export function isReaderMessage(value: unknown): value is ReaderMessage {
  if (typeof value !== "object" || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === "pocketwise:read-product" || type === "pocketwise:read-cart";
}

/**
 * What the popup asks the service worker, which alone holds the child's token and talks to Pocketwise. It
 * answers these only from the extension's own pages (the sender's url), never from a content script.
 */
export type WorkerMessage =
  | { type: "pocketwise:sign-in"; server: string; code: string; deviceName: string }
  | { type: "pocketwise:sign-out" }
  | { type: "pocketwise:send"; body: CartBody }
  | { type: "pocketwise:popup-opened" };

/** What the in-page button asks: open the popup's form for this tab. The only message a page's script sends. */
export type ButtonMessage = { type: "pocketwise:open-ask" };

export type WorkerAnswer = { ok: true } | { ok: false; reason: string };

const WORKER_TYPES = new Set([
  "pocketwise:sign-in",
  "pocketwise:sign-out",
  "pocketwise:send",
  "pocketwise:popup-opened",
]);

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  if (typeof value !== "object" || value === null) return false;
  return WORKER_TYPES.has(String((value as { type?: unknown }).type));
}

export function isButtonMessage(value: unknown): value is ButtonMessage {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "pocketwise:open-ask";
}
