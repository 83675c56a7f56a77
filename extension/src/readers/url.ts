/** The cart contract's web address length (src/shared/schemas/carts.ts). */
export const URL_MAX = 2048;

/**
 * An http(s) address from an untrusted value, resolved against the page's own address; null for
 * `javascript:`, `data:`, anything unparsable, too long, or carrying a user name or password (which would
 * let "https://shop.example@evil.example" pass for the shop).
 */
export function safeUrl(value: unknown, base: string): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text.length === 0 || text.length > URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  const href = url.href;
  // Percent-encoding by the URL parser keeps hidden characters out of href; the length check is after it.
  return href.length <= URL_MAX ? href : null;
}

/** "shop.example" from "https://www.shop.example/p/1": the retailer when the page names none. */
export function siteName(pageUrl: string): string | null {
  try {
    const host = new URL(pageUrl).hostname;
    return host.replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}
