import { type CartResult, readShopifyCart, readWooCommerceCart, UNREADABLE_CART_MESSAGE } from "./readers/carts";

/**
 * Reads the store's own cart when the page is a Shopify or WooCommerce store (docs/decisions/142). The
 * content script runs in the page's origin, so the request carries the shopper's cookies and needs no host
 * permission; its answer is as untrusted as the page and read with a size cap.
 */

export type StorePlatform = "shopify" | "woocommerce";

export const NOT_A_KNOWN_STORE_MESSAGE = "Pocketwise can read the cart only on Shopify and WooCommerce stores";
const ANSWER_MAX_CHARS = 1_000_000;

/** Which cart API the page's store has, from marks both platforms put in every page. */
export function storePlatform(doc: Document): StorePlatform | null {
  const shopify =
    doc.querySelector('meta[name="shopify-checkout-api-token"], meta[name="shopify-digital-wallet"]') !== null ||
    Array.from(doc.querySelectorAll("script[src], link[href]")).some((element) =>
      /^https:\/\/cdn\.shopify\.com\//.test(element.getAttribute("src") ?? element.getAttribute("href") ?? ""),
    );
  if (shopify) return "shopify";
  const body = doc.body?.classList;
  if (body?.contains("woocommerce") || body?.contains("woocommerce-page") || body?.contains("woocommerce-cart")) {
    return "woocommerce";
  }
  return null;
}

/** The Store API's cart address: under the page's own REST root when it names one on the same origin. */
export function wooCartUrl(doc: Document, pageUrl: string): string {
  const origin = new URL(pageUrl).origin;
  const root = doc.querySelector('link[rel="https://api.w.org/"]')?.getAttribute("href");
  if (root) {
    try {
      const url = new URL(root, pageUrl);
      if (url.origin === origin && url.search === "") {
        return new URL("wc/store/v1/cart", url.href.endsWith("/") ? url.href : `${url.href}/`).href;
      }
    } catch {}
  }
  return `${origin}/wp-json/wc/store/v1/cart`;
}

export async function readStoreCart(
  doc: Document,
  pageUrl: string,
  fetchJson: typeof fetch = fetch,
): Promise<CartResult> {
  const platform = storePlatform(doc);
  if (platform === null) return { ok: false, reason: NOT_A_KNOWN_STORE_MESSAGE };
  const url = platform === "shopify" ? `${new URL(pageUrl).origin}/cart.js` : wooCartUrl(doc, pageUrl);
  let json: unknown;
  try {
    const response = await fetchJson(url, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
      redirect: "error",
    });
    if (!response.ok) return { ok: false, reason: UNREADABLE_CART_MESSAGE };
    const text = await response.text();
    if (text.length > ANSWER_MAX_CHARS) return { ok: false, reason: UNREADABLE_CART_MESSAGE };
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: UNREADABLE_CART_MESSAGE };
  }
  return platform === "shopify" ? readShopifyCart(json, pageUrl) : readWooCommerceCart(json, pageUrl);
}
