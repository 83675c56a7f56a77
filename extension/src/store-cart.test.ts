// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { UNREADABLE_CART_MESSAGE } from "./readers/carts";
import { NOT_A_KNOWN_STORE_MESSAGE, readStoreCart, storePlatform, wooCartUrl } from "./store-cart";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html") as unknown as Document;
const page = "https://store.example/products/socks";
const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status }));

describe("storePlatform", () => {
  it.each([
    ['<script src="https://cdn.shopify.com/s/files/theme.js"></script>', "shopify"],
    ['<meta name="shopify-checkout-api-token" content="x">', "shopify"],
    ['<body class="home woocommerce-page"></body>', "woocommerce"],
    ['<script src="https://cdn.shopify.com.evil.example/x.js"></script>', null],
    ["<title>Plain</title>", null],
  ] as const)("%s is %s", (html, expected) => {
    expect(storePlatform(parse(html))).toBe(expected);
  });
});

describe("wooCartUrl", () => {
  it.each([
    ["", "https://store.example/wp-json/wc/store/v1/cart"],
    [
      '<link rel="https://api.w.org/" href="https://store.example/shop/wp-json/">',
      "https://store.example/shop/wp-json/wc/store/v1/cart",
    ],
    [
      '<link rel="https://api.w.org/" href="https://evil.example/wp-json/">',
      "https://store.example/wp-json/wc/store/v1/cart",
    ],
    [
      '<link rel="https://api.w.org/" href="https://store.example/?rest_route=/">',
      "https://store.example/wp-json/wc/store/v1/cart",
    ],
  ])("%s", (head, expected) => {
    expect(wooCartUrl(parse(`<head>${head}</head>`), page)).toBe(expected);
  });
});

describe("readStoreCart", () => {
  const shopifyPage = parse('<meta name="shopify-digital-wallet" content="x">');

  it("asks the page's own origin for /cart.js and reads the answer", async () => {
    const fetchJson = answer({ currency: "USD", items: [{ title: "Socks", price: 500, quantity: 1 }] });
    await expect(readStoreCart(shopifyPage, page, fetchJson)).resolves.toEqual({
      ok: true,
      items: [{ name: "Socks", price: "5.00", quantity: 1 }],
      skipped: [],
    });
    expect(fetchJson).toHaveBeenCalledWith(
      "https://store.example/cart.js",
      expect.objectContaining({ redirect: "error" }),
    );
  });

  it.each([
    ["an error status", answer({}, 500)],
    ["not JSON", answer("<html>")],
    ["an answer over a megabyte", answer(`"${"x".repeat(1_000_001)}"`)],
    [
      "a failed request",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    ],
  ])("refuses %s", async (_label, fetchJson) => {
    await expect(readStoreCart(shopifyPage, page, fetchJson)).resolves.toEqual({
      ok: false,
      reason: UNREADABLE_CART_MESSAGE,
    });
  });

  it("asks nothing of a page that is not a known store", async () => {
    const fetchJson = answer({});
    await expect(readStoreCart(parse("<title>x</title>"), page, fetchJson)).resolves.toEqual({
      ok: false,
      reason: NOT_A_KNOWN_STORE_MESSAGE,
    });
    expect(fetchJson).not.toHaveBeenCalled();
  });
});
