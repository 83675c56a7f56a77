import { formatCents, formatDollars, parseCents } from "../../src/shared/rules/money";
import { originPattern, serverOrigin } from "./api";
import { type Ask, statusText } from "./asks";
import { type CartBody, productCartBody, storeCartBody } from "./cart-body";
import { chromeApi, type Tab } from "./chrome";
import type { ReaderMessage, WorkerAnswer, WorkerMessage } from "./messages";
import type { CartItemReading, CartResult } from "./readers/carts";
import { parsePriceCents } from "./readers/price";
import type { ProductReading, ProductResult } from "./readers/product";
import { cleanText, NAME_MAX } from "./readers/text";
import { siteName } from "./readers/url";
import { STORED_KEYS, type Stored } from "./stored";

/**
 * The popup (docs/decisions/143): signing in with a code, the form that asks a parent for what the page
 * shows, and the asks' live status. The service worker holds the token and calls Pocketwise; the popup
 * asks it by message and shows what it stores, re-rendered as storage changes. Everything shown came from
 * the page or the server, so it is set with textContent and value only, never as HTML.
 */
const chrome = chromeApi();

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`popup.html has no #${id}`);
  return found as T;
}

const ask = (message: WorkerMessage) => chrome.runtime.sendMessage(message) as Promise<WorkerAnswer>;

/**
 * The tab this popup asks about: the active tab for the toolbar popup; the tab named by `?tab=` when the
 * in-page button opened the popup page in a tab of its own (worker.ts openAsk).
 */
async function targetTab(): Promise<Tab | undefined> {
  const named = Number(new URLSearchParams(location.search).get("tab"));
  if (Number.isInteger(named) && named > 0) return chrome.tabs.get(named).catch(() => undefined);
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab;
}

/** Injects the content script into the tab (activeTab grants it for this tab) and asks it. */
async function read<T>(tab: Tab | undefined, message: ReaderMessage): Promise<T | { ok: false; reason: string }> {
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

/** The server the sign-in form offers: the last one used, else the one baked in at download. */
async function defaultServer(stored: Stored): Promise<string> {
  if (stored.server) return stored.server;
  try {
    const config = (await (await fetch(chrome.runtime.getURL("config.json"))).json()) as { server?: unknown };
    return typeof config.server === "string" ? config.server : "";
  } catch {
    return "";
  }
}

function deviceName(): string {
  const platform = (navigator as { userAgentData?: { platform?: string } }).userAgentData?.platform;
  return `Browser extension${platform ? ` on ${platform.slice(0, 30)}` : ""}`;
}

function showAsks(asks: Ask[]) {
  const list = element("ask-list");
  list.replaceChildren(
    ...asks.map((a) => {
      const row = document.createElement("li");
      const title = document.createElement("div");
      title.className = "ask-title";
      title.textContent = `${a.title} · $${a.total}`;
      const status = document.createElement("div");
      status.className = `ask-status status-${a.status}`;
      status.textContent = statusText(a.status);
      row.append(title, status);
      if (a.decisionNote) {
        const note = document.createElement("div");
        note.className = "muted";
        note.textContent = `Your parent says: ${a.decisionNote}`;
        row.append(note);
      }
      return row;
    }),
  );
  element("asks").hidden = asks.length === 0;
}

function priceCheck(text: string): { cents: number } | { reason: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { reason: "Type the price" };
  const price = parsePriceCents(trimmed);
  return price.ok ? { cents: price.cents } : { reason: price.reason };
}

async function send(body: CartBody, button: HTMLButtonElement, problem: HTMLElement): Promise<boolean> {
  button.disabled = true;
  problem.textContent = "";
  const answer = await ask({ type: "pocketwise:send", body });
  button.disabled = false;
  if (!answer.ok) problem.textContent = answer.reason;
  return answer.ok;
}

async function showProduct(tab: Tab | undefined) {
  const status = element("status");
  const result = await read<ProductResult>(tab, { type: "pocketwise:read-product" });
  if (!result.ok) {
    status.textContent = result.reason;
    return;
  }
  const product: ProductReading = result.product;
  status.textContent =
    product.priceCents === null ? "Found this. Type the price you see on the page:" : "Found this. Check it and ask:";
  const form = element<HTMLFormElement>("ask-form");
  const item = element<HTMLInputElement>("item");
  const price = element<HTMLInputElement>("price");
  const priceProblem = element("price-problem");
  const quantity = element<HTMLInputElement>("quantity");
  const sendProblem = element("send-problem");
  item.value = product.name;
  element("retailer").textContent = `From ${product.retailer}`;
  price.value = product.priceCents === null ? "" : formatCents(product.priceCents);
  priceProblem.textContent = product.priceProblem ?? "";
  element<HTMLInputElement>("link").value = product.url;
  price.addEventListener("input", () => {
    const check = priceCheck(price.value);
    priceProblem.textContent = "reason" in check ? check.reason : "";
  });
  form.hidden = false;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = cleanText(item.value, NAME_MAX);
    const check = priceCheck(price.value);
    const count = Number(quantity.value);
    if (!name) sendProblem.textContent = "Type what it is";
    else if ("reason" in check) sendProblem.textContent = check.reason;
    else if (!Number.isInteger(count) || count < 1 || count > 99) sendProblem.textContent = "Ask for 1 to 99 of it";
    else {
      const body = productCartBody(
        { ...product, name },
        check.cents,
        count,
        element<HTMLTextAreaElement>("note").value,
      );
      void send(body, element("send"), sendProblem).then((sent) => {
        if (!sent) return;
        form.hidden = true;
        element("read-cart").hidden = true;
        status.textContent = `Sent! Your parent can see ${name} now.`;
      });
    }
  });
}

async function showCart(tab: Tab | undefined) {
  const status = element("cart-status");
  const list = element("cart-items");
  const sendButton = element<HTMLButtonElement>("send-cart");
  status.textContent = "Reading the store's cart…";
  list.replaceChildren();
  sendButton.hidden = true;
  const result = await read<CartResult>(tab, { type: "pocketwise:read-cart" });
  if (!result.ok) {
    status.textContent = result.reason;
    return;
  }
  const items: CartItemReading[] = result.items;
  const total = items.reduce((sum, item) => sum + parseCents(item.price) * item.quantity, 0);
  status.textContent = `${items.length} items, ${formatDollars(total)}`;
  for (const item of items) {
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
  sendButton.hidden = false;
  sendButton.onclick = () => {
    const retailer = siteName(tab?.url ?? "") ?? "Online store";
    const body = storeCartBody(retailer, items, element<HTMLTextAreaElement>("note").value);
    void send(body, sendButton, element("cart-problem")).then((sent) => {
      if (!sent) return;
      sendButton.hidden = true;
      status.textContent = "Sent! Your parent can see your cart now.";
    });
  };
}

async function showSignIn(stored: Stored) {
  element("sign-in").hidden = false;
  element("notice").textContent = stored.notice ?? "";
  element<HTMLInputElement>("server").value = await defaultServer(stored);
  element<HTMLInputElement>("code").focus();
}

function signInForm() {
  const form = element<HTMLFormElement>("sign-in-form");
  const problem = element("sign-in-problem");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = element<HTMLInputElement>("code").value.trim();
    const server = serverOrigin(element<HTMLInputElement>("server").value);
    if (!code) {
      problem.textContent = "Type the code your parent gave you";
      return;
    }
    if (!server) {
      problem.textContent = "Type the Pocketwise address, like https://pocketwise.example";
      return;
    }
    const button = form.querySelector("button");
    if (button) button.disabled = true;
    problem.textContent = "";
    // Asked in the click itself (Chrome wants a user gesture): the right to call this one address only.
    void chrome.permissions
      .request({ origins: [originPattern(server)] })
      .then((granted) =>
        granted
          ? ask({ type: "pocketwise:sign-in", server, code, deviceName: deviceName() })
          : { ok: false as const, reason: `Pocketwise needs your OK to talk to ${server}. Try again and press Allow.` },
      )
      .then((answer) => {
        if (button) button.disabled = false;
        if (!answer.ok) problem.textContent = answer.reason;
        else location.reload();
      });
  });
}

async function start() {
  const stored = (await chrome.storage.local.get(STORED_KEYS)) as Stored;
  signInForm();
  if (!stored.signIn) {
    await showSignIn(stored);
    return;
  }
  element("who").textContent = stored.signIn.childName;
  const signOut = element<HTMLButtonElement>("sign-out");
  signOut.hidden = false;
  signOut.addEventListener("click", () => void ask({ type: "pocketwise:sign-out" }).then(() => location.reload()));
  element("asking").hidden = false;
  showAsks(stored.asks ?? []);
  chrome.storage.onChanged.addListener((changes, area) => {
    if (area !== "local") return;
    if (changes.signIn && !changes.signIn.newValue) location.reload();
    else if (changes.asks) showAsks((changes.asks.newValue as Ask[] | undefined) ?? []);
  });
  void ask({ type: "pocketwise:popup-opened" });
  const tab = await targetTab();
  element("read-cart").addEventListener("click", () => void showCart(tab));
  await showProduct(tab);
}

void start();
