import { type Cents, formatCents } from "../../../src/shared/rules/money";
import { MAX_PRICE_CENTS, NOT_USD_MESSAGE, normaliseCurrency, type PriceResult } from "./price";
import { cleanText, NAME_MAX } from "./text";
import { safeUrl } from "./url";

/**
 * A store's own cart read into cart items (docs/decisions/142): a Shopify store's `/cart.js` and a
 * WooCommerce store's Store API `/wp-json/wc/store/v1/cart`. The answers come from the page's origin and are
 * as untrusted as the page: names are cleaned, prices must be whole minor units in US dollars, quantities
 * what the cart contract takes. An item that cannot be used is left out and said why; a cart with no usable
 * item is refused.
 */

/** One item as the cart contract takes it (src/shared/schemas/carts.ts CartItemSchema). */
export interface CartItemReading {
  name: string;
  price: string;
  quantity: number;
  url?: string;
  imageUrl?: string;
}

export type CartResult = { ok: true; items: CartItemReading[]; skipped: string[] } | { ok: false; reason: string };

/** The cart contract's limits: 100 items, each 1 to 99. */
export const CART_MAX_ITEMS = 100;
const QUANTITY_MAX = 99;

export const EMPTY_CART_MESSAGE = "The store's cart is empty";
export const UNREADABLE_CART_MESSAGE = "Pocketwise could not read the store's cart";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whole minor units ("1299" with minor unit 2, 1299, "13" with minor unit 0) as cents. */
export function minorUnitsToCents(value: unknown, minorUnit: unknown = 2): PriceResult {
  const unit = minorUnit === undefined || minorUnit === null ? 2 : minorUnit;
  if (typeof unit !== "number" || !Number.isInteger(unit) || unit < 0 || unit > 6) {
    return { ok: false, reason: "The price's currency unit is not valid" };
  }
  let digits: string;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) return { ok: false, reason: "The price is not a whole number of cents" };
    if (value < 0) return { ok: false, reason: "The price is negative" };
    digits = String(value);
  } else if (typeof value === "string" && /^\d{1,18}$/.test(value)) {
    digits = value;
  } else if (typeof value === "string" && /^-\d/.test(value)) {
    return { ok: false, reason: "The price is negative" };
  } else {
    return { ok: false, reason: "The price is not a whole number of cents" };
  }
  // Counted in digits, not floats: "1299" in unit 3 is 129.9 cents, which is not a price in cents.
  let cents: number;
  if (unit <= 2) {
    cents = Number(digits) * 10 ** (2 - unit);
  } else {
    const drop = unit - 2;
    const padded = digits.padStart(drop + 1, "0");
    if (!/^0+$/.test(padded.slice(-drop))) return { ok: false, reason: "The price has more than two decimals" };
    cents = Number(padded.slice(0, -drop));
  }
  if (!Number.isSafeInteger(cents) || cents > MAX_PRICE_CENTS) {
    return { ok: false, reason: "The price is above what a cart can ask for" };
  }
  return { ok: true, cents };
}

interface RawItem {
  name: unknown;
  price: PriceResult;
  currency: string | null;
  quantity: unknown;
  url: unknown;
  image: unknown;
}

function toItems(
  raw: unknown[],
  pageUrl: string,
  cartCurrency: string | null,
  read: (entry: Json) => RawItem,
): CartResult {
  if (cartCurrency !== null && cartCurrency !== "USD") return { ok: false, reason: NOT_USD_MESSAGE };
  if (raw.length === 0) return { ok: false, reason: EMPTY_CART_MESSAGE };
  const items: CartItemReading[] = [];
  const skipped: string[] = [];
  let otherCurrency = false;
  for (const [index, entry] of raw.entries()) {
    if (items.length >= CART_MAX_ITEMS) {
      skipped.push(`${raw.length - index} more items: a cart holds at most ${CART_MAX_ITEMS}`);
      break;
    }
    const item = isObject(entry) ? read(entry) : null;
    if (item === null) {
      skipped.push(`Item ${index + 1}: not readable`);
      continue;
    }
    const name = cleanText(item.name, NAME_MAX);
    const label = name ?? `Item ${index + 1}`;
    if (name === null) {
      skipped.push(`${label}: no name`);
      continue;
    }
    if (item.currency !== null && item.currency !== "USD") {
      otherCurrency = true;
      skipped.push(`${label}: ${NOT_USD_MESSAGE}`);
      continue;
    }
    if (!item.price.ok) {
      skipped.push(`${label}: ${item.price.reason}`);
      continue;
    }
    const quantity = item.quantity;
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > QUANTITY_MAX) {
      skipped.push(`${label}: the quantity must be a whole number from 1 to ${QUANTITY_MAX}`);
      continue;
    }
    const url = safeUrl(item.url, pageUrl);
    const imageUrl = safeUrl(item.image, pageUrl);
    items.push({
      name,
      price: formatCents(item.price.cents satisfies Cents),
      quantity,
      ...(url ? { url } : {}),
      ...(imageUrl ? { imageUrl } : {}),
    });
  }
  if (items.length === 0) {
    return { ok: false, reason: otherCurrency ? NOT_USD_MESSAGE : `${UNREADABLE_CART_MESSAGE}: ${skipped[0]}` };
  }
  return { ok: true, items, skipped };
}

/** A Shopify store's `GET /cart.js`: `{currency, items: [{title, price (cents), quantity, url, image}]}`. */
export function readShopifyCart(json: unknown, pageUrl: string): CartResult {
  if (!isObject(json) || !Array.isArray(json.items)) return { ok: false, reason: UNREADABLE_CART_MESSAGE };
  return toItems(json.items, pageUrl, normaliseCurrency(json.currency), (item) => ({
    name: item.title ?? item.product_title,
    price: minorUnitsToCents(item.price, 2),
    currency: null,
    quantity: item.quantity,
    url: item.url,
    image: item.image,
  }));
}

/**
 * A WooCommerce store's `GET /wp-json/wc/store/v1/cart`: `{items: [{name, quantity, permalink, images: [{src}],
 * prices: {price, currency_code, currency_minor_unit}}], totals: {currency_code, currency_minor_unit}}`.
 * Names arrive HTML-encoded ("Salt &amp; Pepper"); cleanText decodes them as text.
 */
export function readWooCommerceCart(json: unknown, pageUrl: string): CartResult {
  if (!isObject(json) || !Array.isArray(json.items)) return { ok: false, reason: UNREADABLE_CART_MESSAGE };
  const totals = isObject(json.totals) ? json.totals : {};
  return toItems(json.items, pageUrl, normaliseCurrency(totals.currency_code), (item) => {
    const prices = isObject(item.prices) ? item.prices : {};
    const image = Array.isArray(item.images) && isObject(item.images[0]) ? item.images[0] : {};
    return {
      name: item.name,
      price: minorUnitsToCents(prices.price, prices.currency_minor_unit ?? totals.currency_minor_unit),
      currency: normaliseCurrency(prices.currency_code),
      quantity: item.quantity,
      url: item.permalink,
      image: image.src ?? image.thumbnail,
    };
  });
}
