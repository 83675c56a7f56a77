// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { readShopifyCart } from "../../extension/src/readers/carts";
import { readProduct } from "../../extension/src/readers/product";
import { storePlatform } from "../../extension/src/store-cart";
import { PRODUCTS } from "./catalog";
import { productPage } from "./pages";
import { shopifyCart } from "./server";

/* The example store's pages read by the browser extension's own readers: each product by its markup. */
const ORIGIN = "http://127.0.0.1:4100";
const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("the example store's product pages", () => {
  it.each([
    ["jsonld-bike", "json-ld", "Trail Bike 24-inch", 149_00],
    ["og-helmet", "opengraph", "Bike Helmet", 24_99],
    ["microdata-lamp", "microdata", "Moon Night Lamp", 18_50],
    ["plain-book", "title", "The Dragon Story Book", null],
  ])("%s is read from its %s", (handle, source, name, priceCents) => {
    const product = PRODUCTS.find((p) => p.handle === handle);
    if (!product) throw new Error(`no product ${handle}`);
    const url = `${ORIGIN}/products/${handle}`;
    const doc = parse(productPage(product, ORIGIN));
    expect(readProduct(doc, url)).toEqual({
      ok: true,
      product: expect.objectContaining({ source, name, priceCents, retailer: "Little Market", url }),
    });
    // Every page says it is a Shopify store, so the extension reads the cart from /cart.js.
    expect(storePlatform(doc)).toBe("shopify");
  });

  it("answers /cart.js in the shape the extension reads", () => {
    const [bike, , , book] = PRODUCTS;
    if (!bike || !book) throw new Error("catalog changed");
    const cart = shopifyCart(
      "token",
      [
        { product: bike, quantity: 1 },
        { product: book, quantity: 2 },
      ],
      ORIGIN,
    );
    expect(readShopifyCart(JSON.parse(JSON.stringify(cart)), `${ORIGIN}/cart`)).toEqual({
      ok: true,
      skipped: [],
      items: [
        {
          name: "Trail Bike 24-inch",
          price: "149.00",
          quantity: 1,
          url: `${ORIGIN}/products/jsonld-bike?variant=41001`,
          imageUrl: `${ORIGIN}/images/jsonld-bike.svg`,
        },
        {
          name: "The Dragon Story Book",
          price: "7.99",
          quantity: 2,
          url: `${ORIGIN}/products/plain-book?variant=41004`,
          imageUrl: `${ORIGIN}/images/plain-book.svg`,
        },
      ],
    });
  });
});
