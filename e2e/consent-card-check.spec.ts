import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type StripeStandIn, startStripeStandIn } from "../src/server/test-support/stripe-stand-in";
import { DESKTOP, launchBrowser } from "./support/browser";
import { type OwnServer, startOwnServerWithStripe } from "./support/own-server";
import { apiFromPage, createChildViaApi, newParentAccount } from "./support/parent";
import { shoot } from "./support/screens";

/*
 * docs/decisions/157 with payments configured: a parent verifies consent for a 10-year-old with the card
 * check. Stripe is the local stand-in (src/server/test-support/stripe-stand-in.ts): its hosted page's Pay
 * button leaves a charge, sends the signed checkout.session.completed Stripe sends after a paid one-off
 * payment, and returns the browser to the success address; the server refunds the payment intent at once.
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

test("a parent's card check verifies consent at once, the 50 cents are refunded, and the child can get a code", async () => {
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
  const refused = await apiFromPage<{ code: string }>(page, "POST", `/api/children/${child.id}/login-code`);
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe("consent_required");

  await page.goto(`/coppa-consent?child=${child.id}`);
  await page.getByText("Step 1 of 4").waitFor();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: "Parent" }).check();
  await page.getByRole("textbox", { name: "Phone" }).fill("555-123-4567");
  await page.getByRole("radio", { name: /^Credit card/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("checkbox", { name: /^Data collection/ }).click();
  await page.getByRole("checkbox", { name: /^Educational content/ }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("checkbox", { name: /I confirm that I am the parent/ }).click();
  await shoot(page, "consent-card-check-step4");
  await page.getByRole("button", { name: "Complete Consent Process" }).click();

  // Stripe Checkout (the stand-in's page) for the card check.
  await page.waitForURL(`${stripe.url}/pay/**`);
  await page.getByRole("heading", { name: "Pocketwise card check" }).waitFor();
  await page.getByRole("button", { name: "Pay" }).click();

  await page.waitForURL(`**/coppa-consent?child=${child.id}&checked=*`);
  await page.getByText("Verified — Maya can sign in now.").waitFor();
  await shoot(page, "consent-card-check-verified");
  const refunds = stripe.requests.filter((r) => r.path === "/v1/refunds");
  expect(refunds.map((r) => r.body.payment_intent)).toEqual([expect.stringMatching(/^pi_/)]);

  const code = await apiFromPage<{ code: string }>(page, "POST", `/api/children/${child.id}/login-code`);
  expect(code.status).toBe(201);
  await context.close();
});
