import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";

/* docs/decisions/140: an approved cart is bought ("Buy it") and marked as bought, by the child or a parent. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const submitCart = (page: Page, childId: string, retailer: string, price: string) =>
  apiFromPage<{ id: string; status: string }>(page, "POST", `/api/children/${childId}/carts`, {
    retailer,
    items: [{ name: "Sneakers", price, quantity: 1, url: "https://shop.example.com/sneakers" }],
  });

test("the child marks an approved cart as bought with its order number; a parent does the same from the dashboard", async () => {
  const parent = await openPage(browser);
  const p = parent.page;
  await signUpParentViaApi(p, "/", {
    email: `parent-${Date.now()}@example.com`,
    password: "correct-horse-battery",
    firstName: "Sam",
    lastName: "Rivera",
  });
  const child = await createChildViaApi(p, {
    name: "Maya",
    age: 13,
    monthlyBudget: "50.00",
    autoApprovalLimit: "10.00",
  });
  const code = await apiFromPage<{ code: string }>(p, "POST", `/api/children/${child.id}/login-code`);
  expect(code.status).toBe(201);

  const kid = await openPage(browser);
  const k = kid.page;
  await k.goto("/kid");
  expect((await apiFromPage(k, "POST", "/api/kid/login", { code: code.body.code })).status).toBe(200);
  // Approved at once (under the 10.00 limit), and one the parent approves.
  expect((await submitCart(k, child.id, "Sneaker Store", "8.00")).body.status).toBe("approved");
  const waiting = await submitCart(k, child.id, "Shoe Town", "20.00");
  expect(waiting.body.status).toBe("pending");
  expect((await apiFromPage(p, "PATCH", `/api/carts/${waiting.body.id}/status`, { status: "approved" })).status).toBe(
    200,
  );

  await k.goto(`/child/${child.id}`);
  await k.getByRole("heading", { name: /Hi Maya/ }).waitFor();
  const buy = k.getByRole("link", { name: /Buy it at Sneaker Store/ });
  await buy.waitFor();
  expect(await buy.getAttribute("href")).toBe("https://shop.example.com/sneakers");
  expect(await buy.getAttribute("target")).toBe("_blank");
  await shoot(k, "cart-approved-buy-it");

  await k.getByRole("button", { name: "Mark as bought at Sneaker Store" }).click();
  const dialog = k.getByRole("dialog", { name: "Mark as bought" });
  await dialog.getByLabel("Order number").fill("SS-20431");
  await shoot(k, "cart-mark-as-bought-dialog");
  await dialog.getByRole("button", { name: "Mark as bought" }).click();
  await dialog.waitFor({ state: "detached" });
  await k.getByText("· Order SS-20431", { exact: true }).waitFor();
  await k
    .getByRole("region", { name: /Notifications/ })
    .getByRole("button", { name: "Close" })
    .click();
  await shoot(k, "cart-completed-child");

  // The parent's dashboard: the cart they approved, bought from there without an order number.
  await p.goto("/");
  await p.getByRole("heading", { name: "Family Dashboard" }).waitFor();
  const recent = p.locator('[aria-labelledby="recent-decisions-title"]');
  await recent.getByRole("button", { name: "Mark as bought at Shoe Town" }).waitFor();
  await shoot(p, "cart-approved-parent-dashboard");
  await recent.getByRole("button", { name: "Mark as bought at Shoe Town" }).click();
  await p.getByRole("dialog", { name: "Mark as bought" }).getByRole("button", { name: "Mark as bought" }).click();
  await recent.getByText("Completed", { exact: true }).waitFor();
  // The toast would hide the row it tells of.
  await p
    .getByRole("region", { name: /Notifications/ })
    .getByRole("button", { name: "Close" })
    .click();
  await shoot(p, "cart-completed-parent");

  expect(parent.errors).toEqual([]);
  expect(kid.errors).toEqual([]);
  await parent.context.close();
  await kid.context.close();
}, 120_000);
