// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { CartItemSchema } from "../../../src/shared/schemas/carts";
import {
  CART_MAX_ITEMS,
  type CartResult,
  EMPTY_CART_MESSAGE,
  minorUnitsToCents,
  readShopifyCart,
  readWooCommerceCart,
  UNREADABLE_CART_MESSAGE,
} from "./carts";
import { NOT_USD_MESSAGE } from "./price";

const page = "https://store.example/cart";

/** An answer of `/cart.js`, trimmed to the fields the reader uses plus a few it ignores. */
const shopify = (items: unknown[], currency = "USD") => ({
  token: "c1",
  item_count: items.length,
  total_price: 0,
  currency,
  items,
});
const shopifyItem = (fields: Record<string, unknown> = {}) => ({
  id: 1,
  title: "Rainbow Socks - Small",
  price: 1250,
  final_price: 1000,
  quantity: 2,
  url: "/products/rainbow-socks?variant=1",
  image: "//cdn.shopify.example/socks.jpg",
  ...fields,
});

/** An answer of `/wp-json/wc/store/v1/cart`. */
const woo = (items: unknown[], totals: Record<string, unknown> = { currency_code: "USD", currency_minor_unit: 2 }) => ({
  items,
  totals,
});
const wooItem = (fields: Record<string, unknown> = {}, prices: Record<string, unknown> = {}) => ({
  key: "k1",
  id: 7,
  name: "Salt &amp; Pepper Mill",
  quantity: 1,
  permalink: "https://store.example/product/mill/",
  images: [{ id: 1, src: "https://store.example/wp-content/uploads/mill.jpg", thumbnail: "https://x.example/t.jpg" }],
  prices: { price: "1299", regular_price: "1599", currency_code: "USD", currency_minor_unit: 2, ...prices },
  ...fields,
});

describe("readShopifyCart", () => {
  const cases: [label: string, json: unknown, expected: CartResult][] = [
    [
      "a cart of one item",
      shopify([shopifyItem()]),
      {
        ok: true,
        items: [
          {
            name: "Rainbow Socks - Small",
            price: "12.50",
            quantity: 2,
            url: "https://store.example/products/rainbow-socks?variant=1",
            imageUrl: "https://cdn.shopify.example/socks.jpg",
          },
        ],
        skipped: [],
      },
    ],
    [
      "bad items left out and said why",
      shopify([
        shopifyItem({ title: "Good", url: "javascript:alert(1)", image: null }),
        shopifyItem({ title: "Negative", price: -100 }),
        shopifyItem({ title: "Fraction", price: 12.5 }),
        shopifyItem({ title: "Too many", quantity: 100 }),
        shopifyItem({ title: "<b></b>\u200b" }),
        "not an item",
      ]),
      {
        ok: true,
        items: [{ name: "Good", price: "12.50", quantity: 2 }],
        skipped: [
          "Negative: The price is negative",
          "Fraction: The price is not a whole number of cents",
          "Too many: the quantity must be a whole number from 1 to 99",
          "Item 5: no name",
          "Item 6: not readable",
        ],
      },
    ],
    ["a cart in euros", shopify([shopifyItem()], "EUR"), { ok: false, reason: NOT_USD_MESSAGE }],
    ["an empty cart", shopify([]), { ok: false, reason: EMPTY_CART_MESSAGE }],
    ["not a cart", { items: "no" }, { ok: false, reason: UNREADABLE_CART_MESSAGE }],
    ["null", null, { ok: false, reason: UNREADABLE_CART_MESSAGE }],
    [
      "no usable item",
      shopify([shopifyItem({ price: "abc" })]),
      {
        ok: false,
        reason: `${UNREADABLE_CART_MESSAGE}: Rainbow Socks - Small: The price is not a whole number of cents`,
      },
    ],
  ];
  it.each(cases)("%s", (_label, json, expected) => {
    expect(readShopifyCart(json, page)).toEqual(expected);
  });

  it("keeps at most the cart's hundred items", () => {
    const result = readShopifyCart(shopify(Array.from({ length: 105 }, () => shopifyItem())), page);
    expect(result.ok && result.items.length).toBe(CART_MAX_ITEMS);
    expect(result.ok && result.skipped).toEqual(["5 more items: a cart holds at most 100"]);
  });
});

describe("readWooCommerceCart", () => {
  const cases: [label: string, json: unknown, expected: CartResult][] = [
    [
      "a cart of one item, its name decoded as text",
      woo([wooItem()]),
      {
        ok: true,
        items: [
          {
            name: "Salt & Pepper Mill",
            price: "12.99",
            quantity: 1,
            url: "https://store.example/product/mill/",
            imageUrl: "https://store.example/wp-content/uploads/mill.jpg",
          },
        ],
        skipped: [],
      },
    ],
    [
      "a store counting in whole dollars and one counting in mills",
      woo([
        wooItem({ name: "Whole" }, { price: "13", currency_minor_unit: 0 }),
        wooItem({ name: "Mills" }, { price: "12990", currency_minor_unit: 3 }),
        wooItem({ name: "Odd mills" }, { price: "12995", currency_minor_unit: 3 }),
      ]),
      {
        ok: true,
        items: [
          expect.objectContaining({ name: "Whole", price: "13.00" }),
          expect.objectContaining({ name: "Mills", price: "12.99" }),
        ],
        skipped: ["Odd mills: The price has more than two decimals"],
      },
    ],
    [
      "an item in another currency",
      woo([wooItem({ name: "Euro" }, { currency_code: "EUR" }), wooItem()]),
      {
        ok: true,
        items: [expect.objectContaining({ name: "Salt & Pepper Mill" })],
        skipped: [`Euro: ${NOT_USD_MESSAGE}`],
      },
    ],
    [
      "a cart in euros",
      woo([wooItem({}, { currency_code: "EUR" })], { currency_code: "EUR", currency_minor_unit: 2 }),
      { ok: false, reason: NOT_USD_MESSAGE },
    ],
    ["only items in euros", woo([wooItem({}, { currency_code: "EUR" })]), { ok: false, reason: NOT_USD_MESSAGE }],
    [
      "hostile text and addresses",
      woo([
        wooItem(
          {
            name: "<img src=x onerror=alert(1)>Mill\u202e &lt;script&gt;alert(2)&lt;/script&gt;",
            permalink: "javascript:alert(3)",
            images: [{ src: "data:image/png;base64,AAAA" }],
          },
          { price: "-1299" },
        ),
        wooItem({ name: "Clean" }, { price: "1e3" }),
      ]),
      {
        ok: false,
        reason: `${UNREADABLE_CART_MESSAGE}: Mill: The price is negative`,
      },
    ],
  ];
  it.each(cases)("%s", (_label, json, expected) => {
    expect(readWooCommerceCart(json, page)).toEqual(expected);
  });

  it("gives items the cart contract takes", () => {
    const result = readWooCommerceCart(woo([wooItem(), wooItem({ permalink: "/relative/" })]), page);
    if (!result.ok) throw new Error(result.reason);
    for (const item of result.items) expect(CartItemSchema.safeParse(item).success).toBe(true);
  });
});

describe("minorUnitsToCents", () => {
  it.each([
    ["1299", 2, { ok: true, cents: 1299 }],
    [1299, undefined, { ok: true, cents: 1299 }],
    ["0", 2, { ok: true, cents: 0 }],
    ["5", 0, { ok: true, cents: 500 }],
    ["5", 1, { ok: true, cents: 50 }],
    ["10", 3, { ok: true, cents: 1 }],
    ["5", 3, { ok: false, reason: "The price has more than two decimals" }],
    ["10000000000", 2, { ok: false, reason: "The price is above what a cart can ask for" }],
    ["12.99", 2, { ok: false, reason: "The price is not a whole number of cents" }],
    ["1299", 9, { ok: false, reason: "The price's currency unit is not valid" }],
    ["1299", "2", { ok: false, reason: "The price's currency unit is not valid" }],
    [Number.NaN, 2, { ok: false, reason: "The price is not a whole number of cents" }],
  ] as const)("%j in unit %j", (value, unit, expected) => {
    expect(minorUnitsToCents(value, unit)).toEqual(expected);
  });
});
