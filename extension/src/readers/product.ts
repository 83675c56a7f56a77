import type { Cents } from "../../../src/shared/rules/money";
import { NOT_USD_MESSAGE, normaliseCurrency, parsePriceCents } from "./price";
import { cleanText, NAME_MAX, RETAILER_MAX } from "./text";
import { safeUrl, siteName } from "./url";

/**
 * Reads the product a store page shows (docs/decisions/142), trying in order: schema.org JSON-LD,
 * OpenGraph product tags, microdata, then the page's title with no price (the child types it). Everything
 * on the page is untrusted: see text.ts, price.ts and url.ts for what is refused and why.
 */

export type ProductSource = "json-ld" | "opengraph" | "microdata" | "title";

export interface ProductReading {
  name: string;
  /** Null when the page shows no usable price: the popup asks the child to type it. */
  priceCents: Cents | null;
  currency: "USD";
  /** The page's own address, which the cart keeps as the item's `url` (spec "Asking from the store"). */
  url: string;
  imageUrl?: string;
  retailer: string;
  source: ProductSource;
  /** Why a price the page showed was not used ("The price is negative"). */
  priceProblem?: string;
}

export type ProductResult = { ok: true; product: ProductReading } | { ok: false; reason: string };

export const NOT_A_WEB_PAGE_MESSAGE = "Pocketwise can read products only from web pages (http or https)";
export const NOTHING_FOUND_MESSAGE = "Pocketwise found no product on this page";

/** JSON-LD beyond this is ignored unread: a page could otherwise make the reader parse any amount. */
export const JSON_LD_MAX_CHARS = 1_000_000;
const JSON_LD_MAX_SCRIPTS = 50;
const JSON_LD_MAX_DEPTH = 16;
const JSON_LD_MAX_NODES = 10_000;
const MICRODATA_MAX_PRODUCTS = 20;
/** Text read from an element is cut before it is cleaned, so a huge element costs no more than a small one. */
const ELEMENT_TEXT_MAX = 4_000;

interface Offer {
  price: unknown;
  currency: string | null;
}

/** What one source says about the product, before the price is judged. */
interface Candidate {
  source: ProductSource;
  name: string | null;
  offers: Offer[];
  image: unknown;
  seller?: unknown;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

const PRODUCT_TYPES = new Set(["Product", "IndividualProduct", "ProductModel", "ProductGroup"]);

/** "Product" from "Product", "schema:Product", "https://schema.org/Product" or ["Thing", "Product"]. */
function types(node: Json): string[] {
  return asArray(node["@type"])
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^(?:https?:\/\/schema\.org\/|schema:)/, ""));
}
const isProduct = (node: Json) => types(node).some((t) => PRODUCT_TYPES.has(t));

function firstString(value: unknown): string | null {
  for (const item of asArray(value)) {
    if (typeof item === "string") return item;
    if (isObject(item) && typeof item["@value"] === "string") return item["@value"];
  }
  return null;
}

/** The offers under a product's `offers`: Offer, AggregateOffer (lowPrice, or its own offers), arrays of them. */
function jsonLdOffers(value: unknown, out: Offer[], depth = 0): Offer[] {
  if (depth > 4 || out.length > 100) return out;
  for (const item of asArray(value)) {
    if (!isObject(item)) continue;
    const specification = asArray(item.priceSpecification).find(
      (s): s is Json => isObject(s) && (s.price !== undefined || s.minPrice !== undefined),
    );
    const price = item.price ?? item.lowPrice ?? specification?.price ?? specification?.minPrice;
    const currency = normaliseCurrency(item.priceCurrency ?? specification?.priceCurrency);
    if (price !== undefined) out.push({ price, currency });
    if (item.offers !== undefined) jsonLdOffers(item.offers, out, depth + 1);
  }
  return out;
}

function jsonLdCandidate(node: Json, offers: unknown): Candidate {
  const seller = asArray(offers).find((o): o is Json => isObject(o) && isObject(o.seller));
  return {
    source: "json-ld",
    name: cleanText(firstString(node.name), NAME_MAX),
    offers: jsonLdOffers(offers, []),
    image: node.image,
    seller: isObject(seller?.seller) ? seller.seller.name : undefined,
  };
}

/** Products in one parsed JSON-LD document, in document order; a product's own properties are not searched. */
function jsonLdProducts(root: unknown): Candidate[] {
  const found: Candidate[] = [];
  let visited = 0;
  const walk = (value: unknown, depth: number) => {
    if (depth > JSON_LD_MAX_DEPTH || ++visited > JSON_LD_MAX_NODES) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    if (isProduct(value)) {
      // isSimilarTo, isRelatedTo and the like name other products: only the offers are read.
      found.push(jsonLdCandidate(value, value.offers));
      return;
    }
    if (types(value).some((t) => t === "Offer" || t === "AggregateOffer") && isObject(value.itemOffered)) {
      found.push(jsonLdCandidate(value.itemOffered, value));
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key !== "@context" && typeof child === "object") walk(child, depth + 1);
    }
  };
  walk(root, 0);
  return found;
}

function readJsonLd(doc: Document): Candidate[] {
  const candidates: Candidate[] = [];
  const scripts = Array.from(doc.querySelectorAll("script")).filter(
    (script) => (script.getAttribute("type") ?? "").trim().toLowerCase() === "application/ld+json",
  );
  for (const script of scripts.slice(0, JSON_LD_MAX_SCRIPTS)) {
    const text = script.textContent ?? "";
    if (text.length > JSON_LD_MAX_CHARS) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    candidates.push(...jsonLdProducts(parsed));
  }
  return candidates;
}

/** A `<meta>` value by `property` or `name` (pages use both for OpenGraph). */
function meta(doc: Document, key: string): string | null {
  for (const element of Array.from(doc.getElementsByTagName("meta"))) {
    if (element.getAttribute("property") === key || element.getAttribute("name") === key) {
      return (element.getAttribute("content") ?? "").slice(0, ELEMENT_TEXT_MAX);
    }
  }
  return null;
}

function readOpenGraph(doc: Document): Candidate | null {
  const amount = meta(doc, "product:price:amount") ?? meta(doc, "og:price:amount");
  if (amount === null) return null;
  const currency = meta(doc, "product:price:currency") ?? meta(doc, "og:price:currency");
  return {
    source: "opengraph",
    name: cleanText(meta(doc, "og:title"), NAME_MAX),
    offers: [{ price: amount, currency: normaliseCurrency(currency) }],
    image: meta(doc, "og:image:secure_url") ?? meta(doc, "og:image"),
  };
}

const tokens = (value: string | null) => (value ?? "").trim().split(/\s+/);

/** A microdata property's value (HTML "itemprop" value rules): content, src, href, datetime, value, or text. */
function itemValue(element: Element): string {
  const tag = element.tagName.toLowerCase();
  const attribute = element.hasAttribute("content")
    ? "content"
    : ["img", "audio", "video", "source", "embed", "iframe", "track"].includes(tag)
      ? "src"
      : ["a", "area", "link"].includes(tag)
        ? "href"
        : tag === "time"
          ? "datetime"
          : ["data", "meter"].includes(tag)
            ? "value"
            : null;
  const value = attribute ? element.getAttribute(attribute) : element.textContent;
  return (value ?? "").slice(0, ELEMENT_TEXT_MAX);
}

function microdataProperty(scope: Element, name: string, ownOnly: boolean): Element | null {
  for (const element of Array.from(scope.querySelectorAll("[itemprop]"))) {
    if (!tokens(element.getAttribute("itemprop")).includes(name)) continue;
    if (ownOnly && element.parentElement?.closest("[itemscope]") !== scope) continue;
    return element;
  }
  return null;
}

function readMicrodata(doc: Document): Candidate[] {
  const products = Array.from(doc.querySelectorAll("[itemscope][itemtype]")).filter((element) =>
    tokens(element.getAttribute("itemtype")).some((t) =>
      /^https?:\/\/schema\.org\/(Product|IndividualProduct|ProductModel|ProductGroup)\/?$/i.test(t),
    ),
  );
  return products.slice(0, MICRODATA_MAX_PRODUCTS).map((product) => {
    const name = microdataProperty(product, "name", true);
    const price = microdataProperty(product, "price", false) ?? microdataProperty(product, "lowPrice", false);
    const currency = microdataProperty(product, "priceCurrency", false);
    const image = microdataProperty(product, "image", true);
    return {
      source: "microdata" as const,
      name: name ? cleanText(itemValue(name), NAME_MAX) : null,
      offers: price
        ? [{ price: itemValue(price), currency: currency ? normaliseCurrency(itemValue(currency)) : null }]
        : [],
      image: image ? itemValue(image) : undefined,
    };
  });
}

function titleName(doc: Document): string | null {
  return (
    cleanText(meta(doc, "og:title"), NAME_MAX) ??
    cleanText((doc.title ?? "").slice(0, ELEMENT_TEXT_MAX), NAME_MAX) ??
    cleanText((doc.querySelector("h1")?.textContent ?? "").slice(0, ELEMENT_TEXT_MAX), NAME_MAX)
  );
}

/** The first http(s) address in a JSON-LD `image` (a string, an ImageObject, or a list of them) or a meta value. */
function imageUrl(value: unknown, pageUrl: string): string | undefined {
  for (const item of asArray(value).slice(0, 20)) {
    const raw = isObject(item) ? (item.url ?? item.contentUrl) : item;
    const url = safeUrl(firstString(raw), pageUrl);
    if (url) return url;
  }
  return undefined;
}

type PriceJudgement = { kind: "price"; cents: Cents } | { kind: "not-usd" } | { kind: "problem"; reason: string };

/** The first offer in US dollars with a usable price; an offer without a currency is taken as dollars. */
function judgePrice(offers: Offer[]): PriceJudgement {
  let problem: string | null = null;
  let otherCurrency = false;
  for (const offer of offers) {
    if (offer.currency !== null && offer.currency !== "USD") {
      otherCurrency = true;
      continue;
    }
    const price = parsePriceCents(offer.price);
    if (price.ok) return { kind: "price", cents: price.cents };
    if (price.reason === NOT_USD_MESSAGE) otherCurrency = true;
    else problem ??= price.reason;
  }
  if (otherCurrency && problem === null) return { kind: "not-usd" };
  return { kind: "problem", reason: problem ?? "The page shows no price" };
}

/** Reads the product on `doc`, a page at `pageUrl`. Never throws; never returns HTML. */
export function readProduct(doc: Document, pageUrl: string): ProductResult {
  const url = safeUrl(pageUrl, pageUrl);
  if (url === null) return { ok: false, reason: NOT_A_WEB_PAGE_MESSAGE };

  const jsonLd = readJsonLd(doc);
  const openGraph = readOpenGraph(doc);
  const candidates = [...jsonLd, ...(openGraph ? [openGraph] : []), ...readMicrodata(doc)];
  const retailer =
    cleanText(meta(doc, "og:site_name"), RETAILER_MAX) ??
    jsonLd.map((c) => cleanText(firstString(c.seller), RETAILER_MAX)).find((name) => name !== null) ??
    cleanText(siteName(url), RETAILER_MAX) ??
    "Online store";

  let priceProblem: string | undefined;
  let fallback: Candidate | null = null;
  for (const candidate of candidates) {
    if (candidate.name === null) continue;
    const judgement = judgePrice(candidate.offers);
    if (judgement.kind === "not-usd") return { ok: false, reason: NOT_USD_MESSAGE };
    const image = imageUrl(candidate.image, url);
    const base = { name: candidate.name, currency: "USD" as const, url, retailer, source: candidate.source };
    if (judgement.kind === "price") {
      return { ok: true, product: { ...base, priceCents: judgement.cents, ...(image ? { imageUrl: image } : {}) } };
    }
    fallback ??= candidate;
    if (candidate.offers.length > 0) priceProblem ??= judgement.reason;
  }

  if (fallback?.name) {
    const image = imageUrl(fallback.image, url);
    return {
      ok: true,
      product: {
        name: fallback.name,
        priceCents: null,
        currency: "USD",
        url,
        retailer,
        source: fallback.source,
        ...(image ? { imageUrl: image } : {}),
        ...(priceProblem ? { priceProblem } : {}),
      },
    };
  }
  const name = titleName(doc);
  if (name === null) return { ok: false, reason: NOTHING_FOUND_MESSAGE };
  const image = imageUrl(meta(doc, "og:image"), url);
  return {
    ok: true,
    product: {
      name,
      priceCents: null,
      currency: "USD",
      url,
      retailer,
      source: "title",
      ...(image ? { imageUrl: image } : {}),
    },
  };
}
