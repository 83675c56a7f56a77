import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type StripeStandIn, startStripeStandIn } from "../src/server/test-support/stripe-stand-in";
import { DESKTOP, launchBrowser } from "./support/browser";
import { type OwnServer, startOwnServerWithStripe } from "./support/own-server";
import { apiFromPage, createChildViaApi, newParentAccount } from "./support/parent";
import { shoot } from "./support/screens";

/*
 * docs/decisions/150 and 152 with payments configured: a Free parent goes from the usage nudge through
 * Checkout and back to a Parent Center on the Family Plan's trial, with Manage billing. Stripe is the local
 * stand-in (src/server/test-support/stripe-stand-in.ts): its hosted checkout page's Subscribe button sends
 * the signed events Stripe sends after a checkout and returns the browser to the success address.
 */

let browser: Browser;
let stripe: StripeStandIn;
let server: OwnServer;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startOwnServerWithStripe(stripe);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
}, 60_000);

test("a Free parent upgrades from the nudge through Checkout and comes back on the Family Plan's trial", async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.baseUrl });
  const page = await context.newPage();
  await page.goto("/signin");
  expect((await apiFromPage(page, "POST", "/api/auth/signup", newParentAccount("Sam", "Rivera"))).status).toBe(201);
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
  await nudge.getByRole("button", { name: "Start free trial" }).click();
  const chooser = page.getByRole("dialog", { name: "Choose your plan" });
  const family = chooser.getByRole("region", { name: "Family Plan" });
  await family.getByRole("button", { name: "Start 14-day free trial" }).waitFor();
  await shoot(page, "plan-chooser-configured");
  await family.getByRole("button", { name: "Start 14-day free trial" }).click();

  // Stripe Checkout (the stand-in's page), with the trial the server asked for.
  await page.waitForURL(`${stripe.url}/pay/**`);
  await page.getByText("14-day free trial, no card needed.").waitFor();
  await page.getByRole("button", { name: "Subscribe" }).click();

  await page.waitForURL(/\/parent(-center)?(\?|#|$)/);
  const card = page.getByRole("region", { name: "Billing" });
  await card.getByRole("heading", { name: /Family Plan/ }).waitFor({ timeout: 30_000 });
  await card.getByText(/Trial ends/).waitFor();
  await card.getByRole("button", { name: "Manage billing" }).waitFor();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, "billing-card-trialing");

  // The limits lift at once: the usage has no purchase limit any more.
  const usage = await apiFromPage<{ tier: string; limit: number | null }>(page, "GET", "/api/usage");
  expect(usage.body).toMatchObject({ tier: "family", limit: null });

  // Manage billing opens Stripe's customer portal, which leads back.
  await card.getByRole("button", { name: "Manage billing" }).click();
  await page.waitForURL(`${stripe.url}/portal/**`);
  await page.getByRole("link", { name: "Return to Pocketwise" }).click();
  await page.waitForURL(/\/parent(-center)?#billing$/);
  await context.close();
});
