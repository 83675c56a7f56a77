import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PAYMENTS_NOT_CONFIGURED } from "../src/shared/schemas/billing";
import { DESKTOP, launchBrowser, MOBILE, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { screenshotViewport } from "./support/screens";
import { hasNoHorizontalScroll, seeText, visible } from "./support/wait";

/*
 * The upgrade paths on a server without Stripe (the embedded default): each leads to the plan chooser, which
 * says how plans change here, and Family Plus to the demo-request form. docs/decisions/152.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const billingCard = (page: Page) => page.getByRole("region", { name: "Billing" });
const chooser = (page: Page) => page.getByRole("dialog", { name: "Choose your plan" });

/** The Parent Center's billing card as the payment e-mails and Stripe's return open it. */
async function openBillingCard(page: Page) {
  await page.goto("/parent-center#billing");
  await page.waitForURL(/\/parent#billing$/);
  await billingCard(page).getByText(PAYMENTS_NOT_CONFIGURED).waitFor();
  await billingCard(page).scrollIntoViewIfNeeded();
}

async function expectNotConfigured(page: Page) {
  const dialog = chooser(page);
  await dialog.getByRole("alert").getByText(PAYMENTS_NOT_CONFIGURED).waitFor();
  // Nothing offers a checkout this server cannot take; support and Contact Sales stay within reach.
  expect(await dialog.getByRole("button", { name: /free trial|Upgrade to/ }).count()).toBe(0);
  await dialog.getByRole("link", { name: "Contact support" }).waitFor();
  await dialog.getByRole("region", { name: "Family Plus" }).getByRole("link", { name: "Contact Sales" }).waitFor();
}

test("without Stripe every upgrade path says how plans change here, and Family Plus leads to sales", async () => {
  const { page, context, errors } = await openPage(browser, DESKTOP);
  await signUpParentViaApi(page, "/");
  await visible(page, "heading", "Family Dashboard");
  expect(await page.getByRole("region", { name: /did not go through|paused/ }).count()).toBe(0);

  await openBillingCard(page);
  await billingCard(page).getByRole("heading", { name: "Free plan" }).waitFor();
  expect(await billingCard(page).getByRole("button").count()).toBe(0);
  await screenshotViewport(page, "billing-card-not-configured");

  // The plans card's Upgrade.
  const plans = page.getByRole("region", { name: "Plans" });
  await plans.getByRole("button", { name: "Upgrade" }).click();
  await expectNotConfigured(page);
  await screenshotViewport(page, "plan-chooser-not-configured");
  await page.keyboard.press("Escape");
  await chooser(page).waitFor({ state: "detached" });

  // The nudge's upgrade: three approved purchases of five make the soft nudge due.
  const child = await createChildViaApi(page, {
    name: "Maya",
    age: 10,
    monthlyBudget: "50.00",
    autoApprovalLimit: "5.00",
  });
  for (const retailer of ["Book Nook", "Candy Shop", "Toy Barn"]) {
    const cart = await apiFromPage<{ status: string }>(page, "POST", `/api/children/${child.id}/carts`, {
      retailer,
      items: [{ name: `${retailer} item`, price: "2.00", quantity: 1 }],
    });
    expect(cart.body.status).toBe("approved");
  }
  await page.goto("/");
  const nudge = page.locator("[data-nudge]");
  await nudge.waitFor();
  await nudge.getByText(/Try it free for 14 days\./).waitFor();
  const click = page.waitForResponse((r) => r.url().endsWith("/api/usage/upgrade-click") && r.status() === 200);
  await nudge.getByRole("button", { name: "Start free trial" }).click();
  await click;
  await nudge.waitFor({ state: "detached" });
  await expectNotConfigured(page);
  expect(new URL(page.url()).pathname).toBe("/");

  // Family Plus is sold by the team: the demo-request form opens with the parent's role chosen.
  await chooser(page).getByRole("link", { name: "Contact Sales" }).click();
  await page.waitForURL(/\/schedule-demo\?role=parent$/);
  await visible(page, "heading", "Schedule a Demo");
  expect(await page.getByLabel("Your role").inputValue()).toBe("parent");

  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

test("the billing card and the plan chooser fit a 390 px phone", async () => {
  const { page, context, errors } = await openPage(browser, MOBILE);
  await signUpParentViaApi(page, "/parent");
  await visible(page, "heading", "Parent Center");
  await openBillingCard(page);
  await screenshotViewport(page, "billing-card-not-configured");
  expect(await hasNoHorizontalScroll(page)).toBe(true);

  await page.getByRole("region", { name: "Plans" }).getByRole("button", { name: "Upgrade" }).click();
  await expectNotConfigured(page);
  await screenshotViewport(page, "plan-chooser-not-configured");
  await seeText(page, "Family Plan");
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
