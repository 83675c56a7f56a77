import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { baseUrl, launchBrowser, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";
import { staffToken } from "./support/staff";

/* docs/spec "Asking from the store": a store opens a checkout session; the child signs in and asks a parent. */
let browser: Browser;
let webhooks: http.Server;
let webhookUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // The store's webhook endpoint: it takes every delivery.
  webhooks = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => webhooks.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(webhooks.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => webhooks?.close(resolve));
});

async function postJson<T>(path: string, body: unknown, authorization: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", authorization },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${path} answered ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

test("a child signs in with a code from the store's checkout page and asks a parent", async () => {
  const merchant = await postJson<{ apiKey: string }>(
    "/api/admin/merchants",
    { name: "Toy Shop", domain: "toys.example.com", webhookUrl },
    `Bearer ${await staffToken()}`,
  );
  const session = await postJson<{ id: string; url: string }>(
    "/api/merchant/v1/checkout-sessions",
    {
      items: [
        { name: "Kite", price: "12.00", quantity: 1, url: "https://toys.example.com/kite" },
        { name: "Kite string", price: "1.50", quantity: 2 },
      ],
      reference: `order-${Date.now()}`,
      successUrl: "https://toys.example.com/ok",
      cancelUrl: "https://toys.example.com/cancel",
    },
    `Bearer ${merchant.apiKey}`,
  );

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

  const kid = await openPage(browser);
  const k = kid.page;
  await k.goto(`/checkout/${session.id}`);
  await k.getByRole("heading", { name: "Toy Shop" }).waitFor();
  await k.getByText("$15.00").waitFor();
  await shoot(k, "checkout-signed-out");

  await k.getByRole("link", { name: "Sign in with your code" }).click();
  await k.getByLabel("Your sign-in code").fill(code.body.code);
  await k.getByRole("button", { name: "Let's go!" }).click();
  await k.waitForURL(`**/checkout/${session.id}`);
  await k.getByRole("button", { name: "Ask my parent" }).click();
  await k.getByText("Sent! Your parent will say yes or no.").waitFor();
  expect(await k.getByRole("link", { name: "Back to Toy Shop" }).getAttribute("href")).toBe(
    "https://toys.example.com/ok",
  );
  await shoot(k, "checkout-sent");

  // The parent sees the store's checkout as an ordinary cart of the child.
  const pending = await apiFromPage<{ retailer: string }[]>(p, "GET", "/api/carts/pending");
  expect(pending.body.map((c) => c.retailer)).toContain("Toy Shop");

  // Opened again, it says it was already sent.
  await k.reload();
  await k.getByText("This checkout was already sent to your parent.").waitFor();
  expect(kid.errors).toEqual([]);
});
