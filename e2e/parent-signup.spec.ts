import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, MOBILE, openPage, screenshot } from "./support/browser";
import { newParentAccount } from "./support/parent";
import { screenshotViewport } from "./support/screens";
import { hasNoHorizontalScroll, seeText, visible } from "./support/wait";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("a parent signs up through /api/login, lands on the Family Dashboard, signs out and back in", async () => {
  const { page, context, errors } = await openPage(browser);
  const account = newParentAccount("Avery", "Stone");

  await page.goto("/api/login?mode=signup");
  await page.waitForURL(/\/signin\?mode=signup/);
  await visible(page, "heading", "Create your family account");
  await screenshot(page, "signin-signup");

  // The form checks before it sends: a short password is refused with the schema's message.
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Last name").fill(account.lastName);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  await seeText(page, "Password must be at least 8 characters");
  await screenshot(page, "signin-signup-errors");

  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  await visible(page, "heading", "Family Dashboard");
  expect(new URL(page.url()).pathname).toBe("/");
  await seeText(page, "No children added yet");
  await seeText(page, "All caught up!");
  await screenshot(page, "dashboard-empty");

  // Sign out from the account menu, which shows who is signed in.
  await page.getByRole("button", { name: /Account menu/ }).click();
  await seeText(page, account.email);
  await seeText(page, "Avery Stone");
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await visible(page, "button", "Get Started Free");
  // spec 000 §9: the header turns solid once the page has scrolled past 50 px.
  const header = page.locator("header[data-scrolled]");
  expect(await header.getAttribute("data-scrolled")).toBe("false");
  await page.evaluate(() => window.scrollTo(0, 120));
  await page.waitForFunction(
    () => document.querySelector("header[data-scrolled]")?.getAttribute("data-scrolled") === "true",
  );
  await page.evaluate(() => window.scrollTo(0, 0));

  // The header's dialog leads to the sign-in screen in login mode.
  await page.getByRole("button", { name: "Get Started Free" }).click();
  await visible(page, "heading", "Start your family's free trial");
  await seeText(page, "14 days");
  await screenshotViewport(page, "auth-dialog-signup");
  await page.getByRole("dialog").getByRole("button", { name: "Sign in" }).click();
  await visible(page, "heading", "Welcome Back");
  await seeText(page, "Sign in to your family dashboard");
  await screenshotViewport(page, "auth-dialog-login");
  await page.getByRole("dialog").getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/signin\?mode=login/);

  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill("wrong-password-1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await seeText(page, "Invalid email or password");

  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await visible(page, "heading", "Family Dashboard");

  // A failed sign-in logs a 401 in the console; that is the expected answer, not a page error.
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  await context.close();
});

test("the sign-in screen returns to the page that asked for it", async () => {
  const { page, context, errors } = await openPage(browser);
  const account = newParentAccount();
  await page.goto("/parent");
  // A signed-out visitor gets the Unauthorized toast, then /api/login brings them to /signin.
  await seeText(page, "You are logged out. Logging in again...");
  await page.waitForURL(/\/signin\?mode=login&returnTo=%2Fparent/);
  await page.getByRole("button", { name: "Create a free account" }).click();
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Last name").fill(account.lastName);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  await visible(page, "heading", "Parent Center");
  expect(new URL(page.url()).pathname).toBe("/parent");
  await seeText(page, "Free");
  await screenshot(page, "parent-center");
  // The protected screen asks the server who is signed in; its 401 is what starts the sign-in flow.
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  await context.close();
});

test("sign-in screen and header at phone width", async () => {
  const { page, context, errors } = await openPage(browser, MOBILE);
  await page.goto("/signin?mode=login");
  await visible(page, "heading", "Welcome Back");
  expect(await hasNoHorizontalScroll(page)).toBe(true);
  await screenshot(page, "signin-login");
  await page.goto("/signin?mode=signup");
  await visible(page, "heading", "Create your family account");
  await screenshot(page, "signin-signup");
  await page.getByRole("button", { name: "Open menu" }).click();
  await visible(page, "link", "Features");
  await screenshot(page, "header-mobile-menu-visitor");
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Get Started Free" }).click();
  await visible(page, "heading", "Start your family's free trial");
  await screenshotViewport(page, "auth-dialog-signup");
  expect(errors).toEqual([]);
  await context.close();
});
