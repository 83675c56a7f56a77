import { AMOUNT_PATTERN, type Cents, parseCents } from "../../../src/shared/rules/money";

/** The largest amount the cart contract takes (AMOUNT_PATTERN: eight whole digits, two decimals). */
export const MAX_PRICE_CENTS: Cents = 99_999_999_99;

export const NOT_USD_MESSAGE = "Pocketwise can only ask for prices in US dollars";

export type PriceResult = { ok: true; cents: Cents } | { ok: false; reason: string };

const refuse = (reason: string): PriceResult => ({ ok: false, reason });

/** Currency marks a US-dollar price may carry in front of or after its digits. */
const DOLLAR_MARKS = /^(?:US\$|USD|\$)\s*|\s*(?:USD|\$)$/i;
/** Another currency's sign or code ("€12", "£5", "EUR 12", "12 CAD"): the price is not in dollars. */
const OTHER_CURRENCY = /\p{Sc}|^[A-Z]{3}\b|\b[A-Z]{3}$/u;

/**
 * Integer cents from a page's price: "12.50", "12.5", 12.5, "$1,299.00", "USD 5". Refuses (never throws)
 * negative amounts, exponents ("1e3"), NaN and infinities, more than two decimals, ambiguous separators
 * ("12,50"), other currencies' signs, and amounts above the cart's maximum.
 */
export function parsePriceCents(value: unknown): PriceResult {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return refuse("The price is not a number");
    if (value < 0 || Object.is(value, -0)) return refuse("The price is negative");
    // String(1e21) is "1e+21" and String(1e-7) "1e-7": both are refused below as exponents.
    text = String(value);
  } else if (typeof value === "string") {
    text = value;
  } else {
    return refuse("The page shows no price");
  }
  if (text.length > 64) return refuse("The price is not a valid amount");
  text = text.replace(/[\s\u00a0\u202f]+/g, " ").trim();
  if (text.length === 0) return refuse("The page shows no price");
  if (/^[-\u2212(]|[-\u2212)]$/.test(text.replace(DOLLAR_MARKS, "").trim())) {
    return refuse("The price is negative");
  }
  text = text.replace(DOLLAR_MARKS, "").trim();
  if (/^\d[\d.,]*e[+-]?\d+$/i.test(text)) return refuse("The price is written with an exponent");
  if (/^[+-]?(nan|inf(inity)?)$/i.test(text)) return refuse("The price is not a number");
  if (OTHER_CURRENCY.test(text)) return refuse(NOT_USD_MESSAGE);
  if (/[a-z]/i.test(text)) return refuse("The price is not a valid amount");
  // Thousands separators only where they group three digits: "1,299.00" but never "12,50".
  if (text.includes(",")) {
    if (!/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return refuse("The price is not a valid amount");
    text = text.replaceAll(",", "");
  }
  if (!/^\d+(\.\d+)?$/.test(text) && !/^\d+\.$/.test(text) && !/^\.\d+$/.test(text)) {
    return refuse("The price is not a valid amount");
  }
  if (text.endsWith(".")) text = text.slice(0, -1);
  if (text.startsWith(".")) text = `0${text}`;
  const [whole = "", fraction = ""] = text.split(".");
  if (fraction.length > 2) {
    // "12.500" is twelve and a half dollars; "12.505" is not a price in cents.
    if (!/^0+$/.test(fraction.slice(2))) return refuse("The price has more than two decimals");
  }
  const wholeDigits = whole.replace(/^0+(?=\d)/, "");
  const amount = fraction ? `${wholeDigits}.${fraction.slice(0, 2)}` : wholeDigits;
  if (!AMOUNT_PATTERN.test(amount)) return refuse("The price is above what a cart can ask for");
  const cents = parseCents(amount);
  return cents > MAX_PRICE_CENTS ? refuse("The price is above what a cart can ask for") : { ok: true, cents };
}

/** "USD" for a currency code naming US dollars; null when absent; otherwise the code as written (capped). */
export function normaliseCurrency(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase().slice(0, 8);
  if (code === "") return null;
  return code === "US$" || code === "$" ? "USD" : code;
}
