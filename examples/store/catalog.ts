/**
 * The example store's products: one for each way the browser extension reads a product page
 * (docs/decisions/142), so each page shows a store marked up that way. Prices are integer cents.
 */
export type Markup = "json-ld" | "opengraph" | "microdata" | "none";

export interface Product {
  handle: string;
  /** Shopify's numeric product and variant ids, as its /cart.js answers them. */
  id: number;
  variantId: number;
  name: string;
  description: string;
  priceCents: number;
  markup: Markup;
  colour: string;
}

export const STORE_NAME = "Little Market";

export const PRODUCTS: readonly Product[] = [
  {
    handle: "jsonld-bike",
    id: 7_001,
    variantId: 41_001,
    name: "Trail Bike 24-inch",
    description: "A light aluminium bike with seven gears, for riders from 8 to 12.",
    priceCents: 149_00,
    markup: "json-ld",
    colour: "#0f766e",
  },
  {
    handle: "og-helmet",
    id: 7_002,
    variantId: 41_002,
    name: "Bike Helmet",
    description: "An adjustable helmet with a rear light, in sizes S to M.",
    priceCents: 24_99,
    markup: "opengraph",
    colour: "#b45309",
  },
  {
    handle: "microdata-lamp",
    id: 7_003,
    variantId: 41_003,
    name: "Moon Night Lamp",
    description: "A soft glowing moon that charges over USB.",
    priceCents: 18_50,
    markup: "microdata",
    colour: "#4338ca",
  },
  {
    handle: "plain-book",
    id: 7_004,
    variantId: 41_004,
    name: "The Dragon Story Book",
    description: "A picture book about a dragon who learns to save.",
    priceCents: 7_99,
    markup: "none",
    colour: "#be123c",
  },
];

export const productByHandle = (handle: string) => PRODUCTS.find((p) => p.handle === handle) ?? null;

/** Cents as the store's pages show them: "$24.99". */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Cents as Pocketwise's API takes them: "24.99". */
export const decimal = (cents: number) => (cents / 100).toFixed(2);
