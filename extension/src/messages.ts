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
