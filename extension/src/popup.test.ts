// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CartSubmitSchema } from "../../src/shared/schemas/carts";
import type { Ask } from "./asks";
import type { StorageChange } from "./chrome";
import type { CartResult } from "./readers/carts";
import type { ProductResult } from "./readers/product";
import type { Stored } from "./stored";

const popupHtml = readFileSync(path.join(import.meta.dirname, "popup.html"), "utf8");
/** Lets the popup's chain of already-answered promises finish: a few turns of the event loop, no waiting on time. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

const signIn = { server: "https://pocketwise.example", token: "pwc_x", childId: "c1", childName: "Maya" };

interface Options {
  stored?: Stored;
  tab?: { id?: number; url?: string };
  product?: ProductResult;
  cart?: CartResult;
  answer?: { ok: true } | { ok: false; reason: string };
  granted?: boolean;
  search?: string;
}

async function openPopup(options: Options = {}) {
  const { stored = { signIn }, tab = { id: 7, url: "https://shop.example/p" }, answer = { ok: true } } = options;
  // happy-dom's own way to give the page an address: the popup reads `?tab=` from it.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `chrome-extension://pocketwise-id/popup.html${options.search ?? ""}`,
  );
  const body = new DOMParser().parseFromString(popupHtml, "text/html").body;
  document.body.replaceChildren(...Array.from(body.children).filter((e) => e.tagName !== "SCRIPT"));
  const executeScript = vi.fn(async () => []);
  const sendMessage = vi.fn(async (_message: unknown) => answer);
  const request = vi.fn(async () => options.granted ?? true);
  const changeListeners: ((changes: Record<string, StorageChange>, area: string) => void)[] = [];
  const getTab = vi.fn(async (id: number) => ({ id, url: "https://other.example/item" }));
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ server: "https://family.example" })));
  vi.stubGlobal("chrome", {
    runtime: { id: "pocketwise-id", getURL: (p: string) => `chrome-extension://pocketwise-id/${p}`, sendMessage },
    storage: {
      local: { get: async () => stored },
      onChanged: { addListener: (l: (typeof changeListeners)[number]) => changeListeners.push(l) },
    },
    permissions: { request },
    tabs: {
      query: async () => [tab],
      get: getTab,
      sendMessage: async (_id: number, message: { type: string }) =>
        message.type === "pocketwise:read-product" ? options.product : options.cart,
    },
    scripting: { executeScript },
  });
  vi.resetModules();
  await import("./popup");
  await settle();
  const text = (id: string) => document.getElementById(id)?.textContent ?? "";
  const input = (id: string) => document.getElementById(id) as HTMLInputElement;
  const change = (changes: Record<string, StorageChange>) => {
    for (const l of changeListeners) l(changes, "local");
  };
  return { executeScript, sendMessage, request, getTab, text, input, change };
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

const submit = async (id: string) => {
  document.getElementById(id)?.dispatchEvent(new Event("submit", { cancelable: true }));
  await settle();
};

describe("signing in", () => {
  it("offers the address the extension was downloaded from and asks for the code", async () => {
    const popup = await openPopup({ stored: {} });
    expect(document.getElementById("sign-in")?.hidden).toBe(false);
    expect(document.getElementById("asking")?.hidden).toBe(true);
    expect(popup.input("server").value).toBe("https://family.example");
    await submit("sign-in-form");
    expect(popup.text("sign-in-problem")).toBe("Type the code your parent gave you");
    expect(popup.sendMessage).not.toHaveBeenCalled();
  });

  it("asks for the right to call that one address, then signs in through the service worker", async () => {
    const popup = await openPopup({
      stored: { server: "http://localhost:5000" },
      answer: { ok: false, reason: "That code is not valid or has expired" },
    });
    expect(popup.input("server").value).toBe("http://localhost:5000");
    popup.input("code").value = " ab12cd34 ";
    await submit("sign-in-form");
    expect(popup.request).toHaveBeenCalledWith({ origins: ["http://localhost:5000/*"] });
    expect(popup.sendMessage).toHaveBeenCalledWith({
      type: "pocketwise:sign-in",
      server: "http://localhost:5000",
      code: "ab12cd34",
      deviceName: expect.stringMatching(/^Browser extension/),
    });
    expect(popup.text("sign-in-problem")).toBe("That code is not valid or has expired");
  });

  it("says what is wrong with the address, and what happens when the right to call it is refused", async () => {
    const popup = await openPopup({ stored: {}, granted: false });
    popup.input("code").value = "AB12CD34";
    popup.input("server").value = "javascript:alert(1)";
    await submit("sign-in-form");
    expect(popup.text("sign-in-problem")).toBe("Type the Pocketwise address, like https://pocketwise.example");
    popup.input("server").value = "family.example/some/page";
    await submit("sign-in-form");
    expect(popup.request).toHaveBeenCalledWith({ origins: ["https://family.example/*"] });
    expect(popup.sendMessage).not.toHaveBeenCalled();
    expect(popup.text("sign-in-problem")).toBe(
      "Pocketwise needs your OK to talk to https://family.example. Try again and press Allow.",
    );
  });

  it("shows why the child was signed out", async () => {
    const popup = await openPopup({ stored: { notice: "You were signed out. Ask your parent for a new code." } });
    expect(popup.text("notice")).toBe("You were signed out. Ask your parent for a new code.");
  });
});

describe("asking a parent", () => {
  it("injects the reader into the active tab and fills the form, as text", async () => {
    const popup = await openPopup({ product: { ok: true, product } });
    expect(popup.executeScript).toHaveBeenCalledWith({ target: { tabId: 7 }, files: ["content.js"] });
    expect(popup.sendMessage).toHaveBeenCalledWith({ type: "pocketwise:popup-opened" });
    expect(popup.text("who")).toBe("Maya");
    expect(popup.input("item").value).toBe(product.name);
    expect(document.querySelector("main img:not([src^='icons/'])")).toBeNull();
    expect(popup.text("retailer")).toBe("From Toy Barn");
    expect(popup.input("price").value).toBe("12.50");
    expect(popup.input("link").value).toBe("https://shop.example/p");
    expect(popup.input("quantity").value).toBe("1");
    expect(document.getElementById("ask-form")?.hidden).toBe(false);
  });

  it("sends the cart with the child's note and says so", async () => {
    const popup = await openPopup({ product: { ok: true, product: { ...product, name: "Kite" } } });
    popup.input("quantity").value = "2";
    (document.getElementById("note") as HTMLTextAreaElement).value = "  For the park  ";
    await submit("ask-form");
    const sent = popup.sendMessage.mock.calls
      .map(([m]) => m)
      .find((m) => (m as { type: string }).type === "pocketwise:send") as {
      body: unknown;
    };
    expect(sent.body).toEqual({
      notes: "For the park",
      retailer: "Toy Barn",
      items: [{ name: "Kite", price: "12.50", quantity: 2, url: "https://shop.example/p" }],
    });
    expect(CartSubmitSchema.safeParse(sent.body).error).toBeUndefined();
    expect(popup.text("status")).toBe("Sent! Your parent can see Kite now.");
    expect(document.getElementById("ask-form")?.hidden).toBe(true);
    expect(document.getElementById("read-cart")?.hidden).toBe(true);
  });

  it.each([
    ["no name", { item: "  " }, "Type what it is"],
    ["no price", { price: "" }, "Type the price"],
    ["a euro price", { price: "€5" }, "Pocketwise can only ask for prices in US dollars"],
    ["too many", { quantity: "100" }, "Ask for 1 to 99 of it"],
    ["half a thing", { quantity: "1.5" }, "Ask for 1 to 99 of it"],
  ])("refuses to send with %s", async (_label, fields, message) => {
    const popup = await openPopup({ product: { ok: true, product } });
    for (const [id, value] of Object.entries(fields)) popup.input(id).value = value;
    await submit("ask-form");
    expect(popup.text("send-problem")).toBe(message);
    expect(popup.sendMessage).not.toHaveBeenCalledWith(expect.objectContaining({ type: "pocketwise:send" }));
  });

  it("shows why the server refused", async () => {
    const popup = await openPopup({
      product: { ok: true, product },
      answer: { ok: false, reason: "You have too many asks waiting. Wait for your parent to answer some." },
    });
    await submit("ask-form");
    expect(popup.text("send-problem")).toBe("You have too many asks waiting. Wait for your parent to answer some.");
    expect(document.getElementById("ask-form")?.hidden).toBe(false);
  });

  it("asks for the price the page did not give, and checks what is typed", async () => {
    const answer = {
      ok: true as const,
      product: { ...product, priceCents: null, priceProblem: "The price is negative" },
    };
    const popup = await openPopup({ product: answer });
    expect(popup.text("status")).toBe("Found this. Type the price you see on the page:");
    expect(popup.text("price-problem")).toBe("The price is negative");
    const input = popup.input("price");
    input.value = "€5";
    input.dispatchEvent(new Event("input"));
    expect(popup.text("price-problem")).toBe("Pocketwise can only ask for prices in US dollars");
    input.value = "$5.00";
    input.dispatchEvent(new Event("input"));
    expect(popup.text("price-problem")).toBe("");
  });

  it("says why on a page it cannot read, without injecting anything", async () => {
    const popup = await openPopup({ tab: { id: 7, url: "chrome://settings" } });
    expect(popup.executeScript).not.toHaveBeenCalled();
    expect(popup.text("status")).toBe("Open a store's product page, then Pocketwise again");
  });

  it("opened in a tab by the in-page button, reads the tab that button is on", async () => {
    const popup = await openPopup({ search: "?tab=12", product: { ok: true, product } });
    expect(popup.getTab).toHaveBeenCalledWith(12);
    expect(popup.executeScript).toHaveBeenCalledWith({ target: { tabId: 12 }, files: ["content.js"] });
  });

  it("lists the store's cart and what was left out, and asks for it", async () => {
    const popup = await openPopup({
      product: { ok: false, reason: "Pocketwise found no product on this page" },
      cart: {
        ok: true,
        items: [
          { name: "Socks", price: "5.00", quantity: 2 },
          { name: "Hat", price: "12.50", quantity: 1 },
        ],
        skipped: ["Gloves: The price is negative"],
      },
    });
    document.getElementById("read-cart")?.click();
    await settle();
    expect(popup.text("cart-status")).toBe("2 items, $22.50");
    expect(Array.from(document.querySelectorAll("#cart-items li"), (li) => li.textContent)).toEqual([
      "2 × Socks: $5.00",
      "1 × Hat: $12.50",
      "Left out: Gloves: The price is negative",
    ]);
    document.getElementById("send-cart")?.click();
    await settle();
    expect(popup.sendMessage).toHaveBeenCalledWith({
      type: "pocketwise:send",
      body: {
        retailer: "shop.example",
        items: [
          { name: "Socks", price: "5.00", quantity: 2 },
          { name: "Hat", price: "12.50", quantity: 1 },
        ],
      },
    });
    expect(popup.text("cart-status")).toBe("Sent! Your parent can see your cart now.");
  });
});

describe("the asks' status", () => {
  const waiting: Ask = { id: "a1", title: "Kite", total: "12.50", status: "pending", decisionNote: null, seen: true };

  it("shows each ask and follows the service worker's changes as they are stored", async () => {
    const popup = await openPopup({ stored: { signIn, asks: [waiting] }, product: { ok: true, product } });
    const rows = () => Array.from(document.querySelectorAll("#ask-list li"), (li) => li.textContent);
    expect(rows()).toEqual(["Kite · $12.50Waiting for your parent"]);
    popup.change({
      asks: { newValue: [{ ...waiting, status: "declined", decisionNote: "<b>Not now</b>", seen: false }] },
    });
    expect(rows()).toEqual(["Kite · $12.50Not this timeYour parent says: <b>Not now</b>"]);
    expect(document.querySelector("#ask-list b")).toBeNull();
  });
});
