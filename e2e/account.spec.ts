import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seriousAxeViolations } from "./support/axe";
import { ARTIFACTS_DIR, launchBrowser, MOBILE, openPage, screenshot } from "./support/browser";
import { linkInMailTo } from "./support/mail";
import { apiFromPage, signUpParentViaApi } from "./support/parent";
import { hasNoHorizontalScroll, seeText, visible } from "./support/wait";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The "Your account" card alone, cut from the whole page: the Parent Center around it is long, and an element
 * screenshot taller than the window would show the sticky header over it.
 */
async function screenshotAccount(page: Page, name: string) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator("#account").boundingBox();
  if (!box) throw new Error("the account section is not on the page");
  const file = path.join(ARTIFACTS_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true, clip: box });
}

test("a parent changes name, e-mail and password, then signs out everywhere", async () => {
  // Signed in on another device, which the password change must sign out.
  const other = await openPage(browser);
  const account = await signUpParentViaApi(other.page);

  const { page, context, errors } = await openPage(browser);
  await page.goto("/signin");
  expect((await apiFromPage(page, "POST", "/api/auth/login", account)).status).toBe(200);
  await page.goto("/");
  await visible(page, "heading", "Family Dashboard");

  // The account menu's Settings lands on the account section.
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await page.waitForURL((url) => url.pathname === "/parent" && url.hash === "#account");
  await visible(page, "heading", "Your account");

  const nameForm = page.getByRole("form", { name: "Your name" });
  await nameForm.getByLabel("First name").fill("Casey");
  await nameForm.getByRole("button", { name: "Save name" }).click();
  await seeText(page, "Name saved");
  await visible(page, "button", "Account menu for Casey Rivera");

  const newEmail = `moved-${Date.now()}@example.com`;
  const emailForm = page.getByRole("form", { name: "Change your e-mail" });
  await emailForm.getByLabel("New e-mail").fill(newEmail);
  await emailForm.getByLabel("Current password").fill(account.password);
  await emailForm.getByRole("button", { name: "Send confirmation link" }).click();
  await seeText(page, "Check your new inbox");
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshotAccount(page, "account-section");

  const passwordForm = page.getByRole("form", { name: "Change your password" });
  await passwordForm.getByLabel("Current password").fill("not my password");
  await passwordForm.getByLabel("New password", { exact: true }).fill("a-brand-new-phrase");
  await passwordForm.getByLabel("Confirm new password").fill("a-brand-new-phrase");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await seeText(page, "The current password is not right");
  await screenshotAccount(page, "account-section-errors");
  await passwordForm.getByLabel("Current password").fill(account.password);
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await seeText(page, "Other devices have been signed out.");
  expect((await apiFromPage(other.page, "GET", "/api/auth/user")).status).toBe(401);
  expect((await apiFromPage(page, "GET", "/api/auth/user")).status).toBe(200);

  // The link opens in this browser; the path is what matters (the e-mail names the server's own address).
  const link = await linkInMailTo(
    newEmail,
    "Confirm your new Pocketwise e-mail",
    /https?:\/\/[^/\s]+(\/account\/confirm-email\?token=[A-Za-z0-9_-]+)/,
  );
  await page.goto(link);
  await visible(page, "heading", "Confirm your new e-mail");
  await seeText(page, newEmail);
  await seeText(page, "Use it to sign in from now on.");
  await screenshot(page, "confirm-email");

  await page.goto("/parent#account");
  await visible(page, "heading", "Your account");
  await seeText(page, `Current e-mail: ${newEmail}`);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.waitForURL((url) => url.pathname === "/" && url.hash === "");
  expect((await apiFromPage(page, "GET", "/api/auth/user")).status).toBe(401);
  const signIn = await apiFromPage(page, "POST", "/api/auth/login", {
    email: newEmail,
    password: "a-brand-new-phrase",
  });
  expect(signIn.status).toBe(200);

  // The refused current password and the signed-out checks are expected answers, not page errors.
  expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
  expect(other.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  await context.close();
  await other.context.close();
}, 180_000);

test("the account section and the confirm page at phone width", async () => {
  const { page, context, errors } = await openPage(browser, MOBILE);
  await signUpParentViaApi(page, "/parent-center#account");
  await page.waitForURL((url) => url.pathname === "/parent" && url.hash === "#account");
  await visible(page, "heading", "Your account");
  const passwordForm = page.getByRole("form", { name: "Change your password" });
  await passwordForm.getByLabel("New password", { exact: true }).fill("short");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await seeText(page, "Password must be at least 8 characters");
  await seeText(page, "The passwords do not match");
  expect(await hasNoHorizontalScroll(page)).toBe(true);
  await screenshotAccount(page, "account-section");

  await page.goto("/account/confirm-email?token=not-a-real-token");
  await visible(page, "heading", "Confirm your new e-mail");
  await seeText(page, "This link is invalid, used or expired. Ask for a new one from your account.");
  expect(await hasNoHorizontalScroll(page)).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, "confirm-email-invalid");

  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  await context.close();
}, 180_000);
