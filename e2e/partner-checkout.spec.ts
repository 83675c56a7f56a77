import { createServer } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { type ExampleStore, startExampleStore } from "../examples/store/server";
import { baseUrl, launchBrowser, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";
import { staffToken } from "./support/staff";

/*
 * docs/merchants.md, decision 145: a partner store (examples/store) with the "Check out with Pocketwise"
 * button. The child presses it at the store, signs in on the hosted page and asks; the parent approves on
 * the dashboard; the store hears checkout.approved (signed, verified), ships and completes with its order
 * number; the child's dashboard says Completed with that number.
 */
let browser: Browser;
let store: ExampleStore | null = null;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await store?.close();
});

/** Staff register the store as a merchant whose webhooks go to its port, then the store starts with the key. */
async function openStore(): Promise<ExampleStore> {
  const port = await freePort();
  const res = await fetch(`${baseUrl()}/api/admin/merchants`, {
    method: "POST",
    headers: { "Content-Type": "application/json", authorization: `Bearer ${await staffToken()}` },
    body: JSON.stringify({
      name: "Little Market",
      domain: "little-market.example",
      webhookUrl: `http://127.0.0.1:${port}/webhooks/pocketwise`,
    }),
  });
  if (res.status !== 201) throw new Error(`merchant registration answered ${res.status} ${await res.text()}`);
  const { apiKey, webhookSecret } = (await res.json()) as { apiKey: string; webhookSecret: string };
  return startExampleStore({ port, pocketwiseUrl: baseUrl(), apiKey, webhookSecret });
}

test("a child checks out at a partner store with Pocketwise; the store ships and the child sees it completed", async () => {
  // A retry starts a fresh store (and merchant): the first attempt's may hold a half-done order.
  await store?.close();
  store = await openStore();
  const shop = store;

  const parent = await openPage(browser);
  const p = parent.page;
  await signUpParentViaApi(p, "/");
  const child = await createChildViaApi(p, {
    name: "Maya",
    age: 13,
    monthlyBudget: "50.00",
    autoApprovalLimit: "5.00",
  });
  const code = await apiFromPage<{ code: string }>(p, "POST", `/api/children/${child.id}/login-code`);
  expect(code.status).toBe(201);

  // At the store: a product, the cart, the checkout with the button.
  const kid = await openPage(browser);
  const k = kid.page;
  await k.goto(`${shop.url}/products/og-helmet`);
  await k.getByRole("heading", { name: "Bike Helmet" }).waitFor();
  await shoot(k, "partner-store-product");
  await k.getByRole("button", { name: "Add to cart" }).click();
  await k.waitForURL(`${shop.url}/cart`);
  await k.getByRole("link", { name: "Check out", exact: true }).click();
  await k.waitForURL(`${shop.url}/checkout`);
  const button = k.getByRole("button", { name: "Check out with Pocketwise" });
  await button.waitFor();
  await shoot(k, "partner-store-checkout");

  // The button opens Pocketwise's hosted page for the session the store's server opened.
  await button.click();
  await k.waitForURL(`${baseUrl()}/checkout/*`);
  const sessionPath = new URL(k.url()).pathname;
  await k.getByRole("heading", { name: "Little Market" }).waitFor();
  await k.getByText("$24.99").first().waitFor();
  await shoot(k, "partner-hosted-checkout");

  await k.getByRole("link", { name: "Sign in with your code" }).click();
  await k.getByLabel("Your sign-in code").fill(code.body.code);
  await k.getByRole("button", { name: "Let's go!" }).click();
  await k.waitForURL(`**${sessionPath}`);
  await k.getByRole("button", { name: "Ask my parent" }).click();
  await k.getByText("Sent! Your parent will say yes or no.").waitFor();
  await shoot(k, "partner-hosted-checkout-sent");

  // The parent approves on the dashboard.
  await p.goto("/");
  await p.getByRole("button", { name: "Approve Maya's request from Little Market" }).click();
  await p.getByText("Approved Maya's $24.99 at Little Market", { exact: true }).waitFor();

  // The store hears it (it keeps only events whose signature it verified), ships and completes with its order number.
  await vi.waitFor(
    () => {
      const [order] = shop.orders();
      expect(order?.events.map((e) => e.type)).toEqual(["checkout.approved", "checkout.completed"]);
    },
    { timeout: 30_000, interval: 250 },
  );
  const [order] = shop.orders();
  expect(order).toMatchObject({ status: "completed", problem: null });
  const orderNumber = String(order?.orderNumber);

  // Back at the store, the order page says it shipped.
  await k.getByRole("link", { name: "Back to Little Market" }).click();
  await k.getByText(`Order number ${orderNumber}`).waitFor();
  await k.getByText("Shipped", { exact: true }).waitFor();
  await shoot(k, "partner-store-order");

  // The child's dashboard: Completed, with the store's order number.
  await k.goto(`/child/${child.id}`);
  await k.getByText(`· Order ${orderNumber}`, { exact: true }).waitFor();
  await k.getByText("Completed", { exact: true }).first().waitFor();
  await shoot(k, "partner-child-completed");

  expect(parent.errors).toEqual([]);
  expect(kid.errors).toEqual([]);
  await parent.context.close();
  await kid.context.close();
}, 180_000);
