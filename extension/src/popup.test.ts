// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CartResult } from "./readers/carts";
import type { ProductResult } from "./readers/product";

const popupHtml = readFileSync(path.join(import.meta.dirname, "popup.html"), "utf8");
/** Lets the popup's chain of already-answered promises finish: one turn of the event loop, no waiting on time. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function openPopup(tab: { id?: number; url?: string }, answers: { product?: ProductResult; cart?: CartResult }) {
  const body = new DOMParser().parseFromString(popupHtml, "text/html").body;
  document.body.replaceChildren(...Array.from(body.children).filter((e) => e.tagName !== "SCRIPT"));
  const executeScript = vi.fn(async () => []);
  vi.stubGlobal("chrome", {
    tabs: {
      query: async () => [tab],
      sendMessage: async (_id: number, message: { type: string }) =>
        message.type === "pocketwise:read-product" ? answers.product : answers.cart,
    },
    scripting: { executeScript },
  });
  vi.resetModules();
  await import("./popup");
  await settle();
  return { executeScript, text: (id: string) => document.getElementById(id)?.textContent ?? "" };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const product = {
  name: "<img src=x onerror=alert(1)> is shown as text",
  priceCents: 1250,
  currency: "USD" as const,
  url: "https://shop.example/p",
  retailer: "Toy Barn",
  source: "json-ld" as const,
};

describe("the popup", () => {
  it("injects the reader into the active tab and shows what it read, as text", async () => {
    const popup = await openPopup({ id: 7, url: "https://shop.example/p" }, { product: { ok: true, product } });
    expect(popup.executeScript).toHaveBeenCalledWith({ target: { tabId: 7 }, files: ["content.js"] });
    expect(popup.text("name")).toBe(product.name);
    expect(document.querySelector("#name img")).toBeNull();
    expect(popup.text("retailer")).toBe("Toy Barn");
    expect((document.getElementById("price") as HTMLInputElement).value).toBe("12.50");
    expect(document.getElementById("product")?.hidden).toBe(false);
  });

  it("asks for the price the page did not give, and checks what is typed", async () => {
    const answer = {
      ok: true as const,
      product: { ...product, priceCents: null, priceProblem: "The price is negative" },
    };
    const popup = await openPopup({ id: 7, url: "https://shop.example/p" }, { product: answer });
    expect(popup.text("price-problem")).toBe("The price is negative");
    const input = document.getElementById("price") as HTMLInputElement;
    input.value = "€5";
    input.dispatchEvent(new Event("input"));
    expect(popup.text("price-problem")).toBe("Pocketwise can only ask for prices in US dollars");
    input.value = "$5.00";
    input.dispatchEvent(new Event("input"));
    expect(popup.text("price-problem")).toBe("");
  });

  it("says why on a page it cannot read, without injecting anything", async () => {
    const popup = await openPopup({ id: 7, url: "chrome://settings" }, {});
    expect(popup.executeScript).not.toHaveBeenCalled();
    expect(popup.text("status")).toBe("Open a store's product page, then Pocketwise again");
  });

  it("lists the store's cart and what was left out", async () => {
    const popup = await openPopup(
      { id: 7, url: "https://shop.example/cart" },
      {
        product: { ok: false, reason: "Pocketwise found no product on this page" },
        cart: {
          ok: true,
          items: [
            { name: "Socks", price: "5.00", quantity: 2 },
            { name: "Hat", price: "12.50", quantity: 1 },
          ],
          skipped: ["Gloves: The price is negative"],
        },
      },
    );
    document.getElementById("read-cart")?.click();
    await settle();
    expect(popup.text("cart-status")).toBe("2 items, $22.50");
    expect(Array.from(document.querySelectorAll("#cart-items li"), (li) => li.textContent)).toEqual([
      "2 × Socks: $5.00",
      "1 × Hat: $12.50",
      "Left out: Gloves: The price is negative",
    ]);
  });
});
