import { formatCents, formatDollars, parseCents } from "../../src/shared/rules/money";
import { chromeApi } from "./chrome";
import type { ReaderMessage } from "./messages";
import type { CartResult } from "./readers/carts";
import { parsePriceCents } from "./readers/price";
import type { ProductResult } from "./readers/product";

/**
 * Shows what the readers found on the active tab and lets the child type or correct the price. Everything
 * shown came from the page, so it is set with textContent and value only, never as HTML. Signing in
 * (POST /api/kid/login with device "extension") and sending the cart are the next step (docs/decisions/142).
 */
const chrome = chromeApi();

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`popup.html has no #${id}`);
  return found as T;
}

/** Injects the content script into the active tab (activeTab grants it for this tab) and asks it. */
async function ask<T>(message: ReaderMessage): Promise<T | { ok: false; reason: string }> {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined || !/^https?:/.test(tab.url ?? "")) {
    return { ok: false, reason: "Open a store's product page, then Pocketwise again" };
  }
  try {
    await chrome.scripting.executeScript({ target: { tabId: tab.id }, files: ["content.js"] });
    return (await chrome.tabs.sendMessage(tab.id, message)) as T;
  } catch {
    return { ok: false, reason: "Pocketwise could not read this page" };
  }
}

function showPriceCheck(input: HTMLInputElement, problem: HTMLElement) {
  const text = input.value.trim();
  const price = text === "" ? null : parsePriceCents(text);
  problem.textContent = price === null ? "Type the price" : price.ok ? "" : price.reason;
}

async function readProduct() {
  const status = element("status");
  const result = await ask<ProductResult>({ type: "pocketwise:read-product" });
  if (!result.ok) {
    status.textContent = result.reason;
    return;
  }
  const { product } = result;
  status.textContent = product.priceCents === null ? "Found this, without a price:" : "Found this:";
  element("name").textContent = product.name;
  element("retailer").textContent = product.retailer;
  const input = element<HTMLInputElement>("price");
  const problem = element("price-problem");
  input.value = product.priceCents === null ? "" : formatCents(product.priceCents);
  problem.textContent = product.priceProblem ?? "";
  input.addEventListener("input", () => showPriceCheck(input, problem));
  element("product").hidden = false;
}

async function readCart() {
  const status = element("cart-status");
  const list = element("cart-items");
  status.textContent = "Reading the store's cart…";
  list.replaceChildren();
  const result = await ask<CartResult>({ type: "pocketwise:read-cart" });
  if (!result.ok) {
    status.textContent = result.reason;
    return;
  }
  const total = result.items.reduce((sum, item) => sum + parseCents(item.price) * item.quantity, 0);
  status.textContent = `${result.items.length} items, ${formatDollars(total)}`;
  for (const item of result.items) {
    const row = document.createElement("li");
    row.textContent = `${item.quantity} × ${item.name}: $${item.price}`;
    list.append(row);
  }
  for (const reason of result.skipped) {
    const row = document.createElement("li");
    row.className = "problem";
    row.textContent = `Left out: ${reason}`;
    list.append(row);
  }
}

element("read-cart").addEventListener("click", () => void readCart());
void readProduct();
