// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatCents } from "../../../src/shared/rules/money";
import { CartItemSchema } from "../../../src/shared/schemas/carts";
import { NOT_USD_MESSAGE } from "./price";
import {
  JSON_LD_MAX_CHARS,
  NOT_A_WEB_PAGE_MESSAGE,
  NOTHING_FOUND_MESSAGE,
  type ProductResult,
  readProduct,
} from "./product";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../../test/fixtures", name), "utf8");
const parse = (html: string) => new DOMParser().parseFromString(html, "text/html") as unknown as Document;
const page = "https://shop.example/products/item?id=1";

describe("readProduct, one fixture per kind of page", () => {
  const cases: [fixture: string, expected: ProductResult][] = [
    [
      "jsonld-simple.html",
      {
        ok: true,
        product: {
          name: "Lego Robot Kit",
          priceCents: 4999,
          currency: "USD",
          url: page,
          imageUrl: "https://shop.example/images/robot-kit.jpg",
          retailer: "Toy Barn",
          source: "json-ld",
        },
      },
    ],
    [
      // @graph, a list @type, an ImageObject, the USD offer of two, the seller as retailer, isSimilarTo ignored.
      "jsonld-graph.html",
      {
        ok: true,
        product: {
          name: "Trail Shoes & Laces",
          priceCents: 9550,
          currency: "USD",
          url: page,
          imageUrl: "https://outdoor.example/shoes.png",
          retailer: "Outdoor Co EU",
          source: "json-ld",
        },
      },
    ],
    [
      // A broken script before the good one, a top-level array, AggregateOffer's lowPrice with a thousands separator.
      "jsonld-aggregate.html",
      {
        ok: true,
        product: {
          name: "Art Markers, 24 colours",
          priceCents: 129900,
          currency: "USD",
          url: page,
          imageUrl: "https://crafthub.example/markers.webp",
          retailer: "shop.example",
          source: "json-ld",
        },
      },
    ],
    [
      "opengraph.html",
      {
        ok: true,
        product: {
          name: "Glow-in-the-dark Stars",
          priceCents: 1250,
          currency: "USD",
          url: page,
          imageUrl: "https://cdn.skyshop.example/stars.jpg",
          retailer: "Sky Shop",
          source: "opengraph",
        },
      },
    ],
    [
      // The name is the product's own, not its brand's; whitespace collapsed; the image resolved against the page.
      "microdata.html",
      {
        ok: true,
        product: {
          name: "The Dragon Story Book",
          priceCents: 799,
          currency: "USD",
          url: page,
          imageUrl: "https://shop.example/products/img/dragon.jpg",
          retailer: "shop.example",
          source: "microdata",
        },
      },
    ],
    [
      "no-markup.html",
      {
        ok: true,
        product: {
          name: "Blue Bicycle Helmet",
          priceCents: null,
          currency: "USD",
          url: page,
          retailer: "shop.example",
          source: "title",
        },
      },
    ],
    [
      "hostile-negative-price.html",
      {
        ok: true,
        product: {
          name: "Free Money",
          priceCents: null,
          currency: "USD",
          url: page,
          retailer: "shop.example",
          source: "json-ld",
          priceProblem: "The price is negative",
        },
      },
    ],
    [
      // Neither the exponent (OpenGraph) nor three decimals (microdata) is a price: the child types it.
      "hostile-exponent-price.html",
      {
        ok: true,
        product: {
          name: "Tiny Price",
          priceCents: null,
          currency: "USD",
          url: page,
          retailer: "shop.example",
          source: "opengraph",
          priceProblem: "The price is written with an exponent",
        },
      },
    ],
    // The first source that names the product decides: its price is in euros, so the dollar tags do not count.
    ["eur-price.html", { ok: false, reason: NOT_USD_MESSAGE }],
    [
      "javascript-url.html",
      {
        ok: true,
        product: {
          name: "Paint Set",
          priceCents: 800,
          currency: "USD",
          url: page,
          retailer: "shop.example",
          source: "opengraph",
        },
      },
    ],
  ];

  it.each(cases)("%s", (name, expected) => {
    expect(readProduct(parse(fixture(name)), page)).toEqual(expected);
  });

  it.each(cases.filter(([, r]) => r.ok && r.product.priceCents !== null))(
    "%s gives an item the cart contract takes",
    (name) => {
      const result = readProduct(parse(fixture(name)), page);
      if (!result.ok) throw new Error(result.reason);
      const { product } = result;
      if (product.priceCents === null) throw new Error("expected a price");
      const item = {
        name: product.name,
        price: formatCents(product.priceCents),
        quantity: 1,
        url: product.url,
        ...(product.imageUrl ? { imageUrl: product.imageUrl } : {}),
      };
      expect(CartItemSchema.safeParse(item).success).toBe(true);
    },
  );
});

describe("readProduct on hostile pages", () => {
  it("ignores JSON-LD over a megabyte unread and goes on to the next source", () => {
    const html = fixture("hostile-huge-jsonld.html").replace("PADDING", "x".repeat(JSON_LD_MAX_CHARS));
    expect(readProduct(parse(html), page)).toMatchObject({
      ok: true,
      product: { name: "Small Kite", priceCents: 500, source: "opengraph" },
    });
  });

  it("reads the same JSON-LD when it is small", () => {
    const html = fixture("hostile-huge-jsonld.html").replace("PADDING", "x".repeat(100));
    expect(readProduct(parse(html), page)).toMatchObject({
      ok: true,
      product: { name: "Padded", priceCents: 100 },
    });
  });

  it("keeps markup, scripts, hidden and control characters out of names, and javascript: out of images", () => {
    const result = readProduct(parse(fixture("hostile-script-name.html")), page);
    expect(result).toEqual({
      ok: true,
      product: {
        name: "Robot Kit gnp.exe",
        priceCents: 1000,
        currency: "USD",
        url: page,
        retailer: "Evilmoc.store",
        source: "json-ld",
      },
    });
    if (!result.ok) return;
    for (const bad of ["<", ">", "\u202e", "\u200b", "\u0007"]) expect(result.product.name).not.toContain(bad);
    expect(CartItemSchema.shape.name.safeParse(result.product.name).success).toBe(true);
  });

  it("caps a name at 200 and a retailer at 100 characters", () => {
    const html = `<meta property="og:site_name" content="${"S".repeat(500)}"><title>${"N".repeat(5000)}</title>`;
    expect(readProduct(parse(html), page)).toMatchObject({
      ok: true,
      product: { name: "N".repeat(200), retailer: "S".repeat(100) },
    });
  });

  it("does not cut an emoji in two at the cap", () => {
    const html = `<title>${"N".repeat(199)}🚀🚀</title>`;
    const result = readProduct(parse(html), page);
    expect(result.ok && result.product.name).toBe("N".repeat(199));
  });

  it.each([
    ["javascript:alert(1)"],
    ["data:text/html,<b>x</b>"],
    ["chrome://extensions"],
    ["file:///etc/passwd"],
    ["not a url"],
  ])("refuses a page at %s", (url) => {
    expect(readProduct(parse(fixture("jsonld-simple.html")), url)).toEqual({
      ok: false,
      reason: NOT_A_WEB_PAGE_MESSAGE,
    });
  });

  it("refuses a page with nothing to name the product", () => {
    expect(readProduct(parse("<html><body><p>\u200b</p></body></html>"), page)).toEqual({
      ok: false,
      reason: NOTHING_FOUND_MESSAGE,
    });
  });

  it("survives deeply nested and cyclic-looking JSON-LD", () => {
    let nested = '{"@type":"Product","name":"Deep","offers":{"price":"3.00"}}';
    for (let i = 0; i < 5000; i++) nested = `{"a":${nested}}`;
    const html = `<title>Fallback</title><script type="application/ld+json">${nested}</script>`;
    expect(readProduct(parse(html), page)).toMatchObject({ ok: true, product: { name: "Fallback", source: "title" } });
  });
});
