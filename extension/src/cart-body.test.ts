// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CartSubmitSchema } from "../../src/shared/schemas/carts";
import { productCartBody, storeCartBody } from "./cart-body";
import { readWooCommerceCart } from "./readers/carts";
import { readProduct } from "./readers/product";

const fixtures = path.join(import.meta.dirname, "../test/fixtures");
const parse = (html: string) => new DOMParser().parseFromString(html, "text/html") as unknown as Document;
const page = "https://shop.example/products/item?id=1";

describe("cart bodies the server takes", () => {
  it.each([
    "jsonld-simple.html",
    "jsonld-graph.html",
    "jsonld-aggregate.html",
    "opengraph.html",
    "microdata.html",
    "no-markup.html",
    "hostile-script-name.html",
    "hostile-negative-price.html",
    "javascript-url.html",
  ])("from %s, with the price the page showed or the child typed", (name) => {
    const result = readProduct(parse(readFileSync(path.join(fixtures, name), "utf8")), page);
    if (!result.ok) throw new Error(result.reason);
    const body = productCartBody(result.product, result.product.priceCents ?? 1999, 2);
    expect(CartSubmitSchema.safeParse(body).error).toBeUndefined();
    expect(body.items[0]).toMatchObject({ url: page, quantity: 2 });
  });

  it("with the child's note, trimmed, and none when it is empty", () => {
    const result = readProduct(parse(readFileSync(path.join(fixtures, "jsonld-simple.html"), "utf8")), page);
    if (!result.ok) throw new Error(result.reason);
    const noted = productCartBody(result.product, 1999, 1, "  For the park\nplease  ");
    expect(noted.notes).toBe("For the park\nplease");
    expect(CartSubmitSchema.safeParse(noted).error).toBeUndefined();
    expect("notes" in productCartBody(result.product, 1999, 1, "   ")).toBe(false);
    expect(productCartBody(result.product, 1999, 1, "x".repeat(1200)).notes).toHaveLength(1000);
  });

  it("from a store's cart", () => {
    const cart = readWooCommerceCart(
      {
        items: [{ name: "Mill", quantity: 3, prices: { price: "1299", currency_code: "USD", currency_minor_unit: 2 } }],
        totals: { currency_code: "USD" },
      },
      page,
    );
    if (!cart.ok) throw new Error(cart.reason);
    expect(CartSubmitSchema.safeParse(storeCartBody("Mill Shop", cart.items)).error).toBeUndefined();
  });
});
