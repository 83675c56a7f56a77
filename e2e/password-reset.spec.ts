import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seriousAxeViolations } from "./support/axe";
import { launchBrowser, MOBILE, openPage, screenshot } from "./support/browser";
import { resetLinkSentTo } from "./support/mail";
import { apiFromPage, signUpParentViaApi } from "./support/parent";
import { hasNoHorizontalScroll, seeText, visible } from "./support/wait";

const ACCEPTED = "If an account uses that e-mail, we have sent a link to reset its password.";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("a parent who forgot the password gets a link by e-mail, chooses a new one and is signed in", async () => {
  // Signed in on another device, which the reset must sign out.
  const other = await openPage(browser);
  const account = await signUpParentViaApi(other.page);
  expect((await apiFromPage(other.page, "GET", "/api/auth/user")).status).toBe(200);

  const { page, context, errors } = await openPage(browser);
  await page.goto("/signin?mode=login");
  await visible(page, "heading", "Welcome Back");
  // The link follows the password field in keyboard order.
  await page.getByLabel("Password").focus();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Forgot password?");
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/forgot-password");
  await visible(page, "heading", "Forgot your password?");
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, "forgot-password");

  await page.getByLabel("E-mail").fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await seeText(page, ACCEPTED);
  await screenshot(page, "forgot-password-sent");

  // The path is what matters here: the e-mail names the server's own address, the browser uses the test's.
  const mailed = new URL(await resetLinkSentTo(account.email));
  const link = `${mailed.pathname}${mailed.search}`;
  await page.goto(link);
  await visible(page, "heading", "Choose a new password");
  await page.getByLabel("New password", { exact: true }).fill("a-new-secret-phrase");
  await page.getByLabel("Confirm new password").fill("a-different-phrase");
  await page.getByRole("button", { name: "Save new password" }).click();
  await seeText(page, "The passwords do not match");
  await screenshot(page, "reset-password-errors");

  await page.getByLabel("Confirm new password").fill("a-new-secret-phrase");
  await page.getByRole("button", { name: "Save new password" }).click();
  await visible(page, "heading", "Family Dashboard");
  expect(new URL(page.url()).pathname).toBe("/");
  await seeText(page, "Password changed");
  await screenshot(page, "reset-password-done");

  expect((await apiFromPage(other.page, "GET", "/api/auth/user")).status).toBe(401);
  const oldPassword = await apiFromPage(page, "POST", "/api/auth/login", {
    email: account.email,
    password: account.password,
  });
  expect(oldPassword.status).toBe(401);

  // The link works once.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("another-secret-phrase");
  await page.getByLabel("Confirm new password").fill("another-secret-phrase");
  await page.getByRole("button", { name: "Save new password" }).click();
  await seeText(page, "This reset link is invalid, used or expired. Ask for a new one.");
  await visible(page, "link", "Send me a new link");

  // The refused reuse and the old password's 401 are expected answers, not page errors.
  expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
  // The check above that the other device was signed out answers 401 there, as it should.
  expect(other.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  await context.close();
  await other.context.close();
});

test("the password reset screens at phone width", async () => {
  const { page, context, errors } = await openPage(browser, MOBILE);
  await page.goto("/forgot-password");
  await visible(page, "heading", "Forgot your password?");
  expect(await hasNoHorizontalScroll(page)).toBe(true);
  await screenshot(page, "forgot-password");
  await page.getByLabel("E-mail").fill(`nobody-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await seeText(page, ACCEPTED);
  expect(await hasNoHorizontalScroll(page)).toBe(true);
  await screenshot(page, "forgot-password-sent");

  await page.goto("/reset-password?token=not-a-real-token");
  await visible(page, "heading", "Choose a new password");
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Save new password" }).click();
  await seeText(page, "Password must be at least 8 characters");
  expect(await hasNoHorizontalScroll(page)).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, "reset-password-errors");

  await page.goto("/reset-password");
  await visible(page, "link", "Send me a new link");
  expect(errors).toEqual([]);
  await context.close();
});
