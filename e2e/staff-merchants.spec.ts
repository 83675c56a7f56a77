import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { baseUrl, launchBrowser, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";
import { openStaffDashboard } from "./support/staff";
import { seeText } from "./support/wait";

/* Decision 144: staff register a partner store, see its secrets once, read its deliveries, retry, rotate, disable. */
let browser: Browser;
let webhooks: http.Server;
let webhookUrl: string;
/** The references of the checkouts whose webhooks reached the store's endpoint. */
const received: string[] = [];
/** While true the endpoint answers 500 to the "first" checkout's webhooks, so it waits to be retried. */
let failFirst = true;

beforeAll(async () => {
  browser = await launchBrowser();
  webhooks = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const reference = (JSON.parse(body) as { data: { reference: string } }).data.reference;
      received.push(reference);
      res.writeHead(failFirst && reference === "first" ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => webhooks.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(webhooks.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => webhooks?.close(resolve));
});

async function openSession(apiKey: string, reference: string, price = "2.00") {
  const res = await fetch(`${baseUrl()}/api/merchant/v1/checkout-sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({
      items: [{ name: "Kite", price, quantity: 1 }],
      reference,
      successUrl: "https://kites.example.com/ok",
      cancelUrl: "https://kites.example.com/cancel",
    }),
  });
  return { status: res.status, body: (await res.json()) as { id: string } };
}

test("staff register a merchant, see its secrets once, retry a delivery, rotate its keys and disable it", async () => {
  const { page, errors, context } = await openPage(browser);
  const name = `Kite Co ${randomUUID().slice(0, 4)}`;
  failFirst = true;
  await openStaffDashboard(page);
  await page.getByRole("tab", { name: "Merchants" }).click();
  await page.getByRole("button", { name: "Register merchant" }).click();
  const form = page.getByRole("dialog", { name: "Register a merchant" });
  await form.getByRole("button", { name: "Register merchant" }).click();
  await form.getByText("Name is required").waitFor();
  await shoot(page, "staff-merchants-register", { viewport: true });

  await form.getByLabel("Store name").fill(name);
  await form.getByLabel("Domain").fill("kites.example.com");
  await form.getByLabel("Webhook URL").fill(webhookUrl);
  await form.getByRole("button", { name: "Register merchant" }).click();
  const secrets = page.getByRole("dialog", { name: `${name} is registered` });
  await secrets.getByText("You will not see them again", { exact: false }).waitFor();
  const apiKey = (await secrets.locator("code").first().textContent()) ?? "";
  expect(apiKey).toMatch(/^pk_live_/);
  expect(await secrets.locator("code").nth(1).textContent()).toMatch(/^whsec_/);
  await shoot(page, "staff-merchants-secrets", { viewport: true });
  await secrets.getByRole("button", { name: "I have copied them" }).click();
  await secrets.waitFor({ state: "hidden" });
  expect(await page.getByText(apiKey).count()).toBe(0);

  // A family sends two of the store's checkouts; the store's endpoint fails the first delivery.
  const parent = await openPage(browser);
  await signUpParentViaApi(parent.page, "/");
  const child = await createChildViaApi(parent.page, {
    name: "Maya",
    age: 10,
    monthlyBudget: "50.00",
    autoApprovalLimit: "5.00",
  });
  for (const reference of ["first", "second"]) {
    const session = await openSession(apiKey, reference);
    expect(session.status).toBe(201);
    const sent = await apiFromPage<{ status: string }>(parent.page, "POST", `/api/checkout/${session.body.id}/send`, {
      childId: child.id,
    });
    expect(sent.body.status).toBe("approved");
    await expect.poll(() => received.includes(reference), { timeout: 20_000 }).toBe(true);
  }
  // Over the child's auto-approval limit: it waits for the parent, who decides after the store is disabled.
  const waiting = await openSession(apiKey, "waiting", "20.00");
  const pending = await apiFromPage<{ status: string; cartId: string }>(
    parent.page,
    "POST",
    `/api/checkout/${waiting.body.id}/send`,
    { childId: child.id },
  );
  expect(pending.body.status).toBe("pending");

  const card = page.getByRole("region", { name, exact: true });
  await card.getByRole("button", { name: "Recent deliveries" }).click();
  const log = page.getByRole("region", { name: `Recent deliveries to ${name}` });
  await log.getByText("Failed, retrying").waitFor({ timeout: 20_000 });
  await log.getByText("Delivered").waitFor({ timeout: 20_000 });
  await log.getByText("HTTP 500", { exact: false }).waitFor();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, "staff-merchants-deliveries");
  failFirst = false;
  await log.getByRole("button", { name: /^Retry checkout\.approved/ }).click();
  await seeText(page, "Retry queued");
  // The log reads again while an event waits; the retried one is delivered under its own id.
  await expect.poll(() => log.getByText("Delivered").count(), { timeout: 20_000 }).toBe(2);

  await card.getByRole("button", { name: "Rotate keys" }).click();
  const rotate = page.getByRole("alertdialog", { name: `Rotate ${name}'s keys?` });
  await shoot(page, "staff-merchants-rotate-confirm", { viewport: true });
  await rotate.getByRole("button", { name: "Rotate keys" }).click();
  const rotated = page.getByRole("dialog", { name: `New keys for ${name}` });
  await rotated.getByText("You will not see them again", { exact: false }).waitFor();
  const newKey = (await rotated.locator("code").first().textContent()) ?? "";
  expect(newKey).toMatch(/^pk_live_/);
  expect(newKey).not.toBe(apiKey);
  await shoot(page, "staff-merchants-rotated", { viewport: true });
  await rotated.getByRole("button", { name: "I have copied them" }).click();
  expect((await openSession(apiKey, "old-key")).status).toBe(401);
  expect((await openSession(newKey, "new-key")).status).toBe(201);

  await card.getByRole("button", { name: "Disable" }).click();
  const disable = page.getByRole("alertdialog", { name: `Disable ${name}?` });
  await disable.getByRole("button", { name: "Disable merchant" }).click();
  await seeText(page, "Merchant disabled");
  await card.getByText("Disabled", { exact: true }).waitFor();
  await card.getByRole("button", { name: "Turn on" }).waitFor();
  expect((await openSession(newKey, "disabled")).status).toBe(401);
  // The family still decides; the store is not told, and the log says why.
  const declined = await apiFromPage(parent.page, "PATCH", `/api/carts/${pending.body.cartId}/status`, {
    status: "declined",
  });
  expect(declined.status).toBe(200);
  await parent.context.close();
  const receivedBefore = received.length;
  await log.getByRole("button", { name: "Refresh" }).click();
  // The decision's event is written pending, and the worker's next sweep (every 5 s) stops it.
  await log.getByText("Stopped: merchant disabled").waitFor({ timeout: 20_000 });
  expect(received.length).toBe(receivedBefore);
  await log.getByText("Turn the merchant on again to retry its deliveries.").waitFor();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, "staff-merchants-disabled");

  expect(errors).toEqual([]);
  await context.close();
  // Six screens, each checked and saved at two widths, and a worker sweep to wait for.
}, 240_000);
