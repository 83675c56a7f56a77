import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seriousAxeViolations } from "./support/axe";
import { ARTIFACTS_DIR, launchBrowser, MOBILE, openPage } from "./support/browser";
import { joinLinkSentTo, linkInMailTo } from "./support/mail";
import { apiFromPage, createChildViaApi, newParentAccount, signUpParentViaApi } from "./support/parent";
import { hasNoHorizontalScroll, seeText, visible } from "./support/wait";

/*
 * docs/decisions/158: the Parent Center's "Your data" card. A parent downloads the family's data and deletes the
 * account; a guardian who is not the owner is offered to leave the family instead.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The card alone, cut from the long page (an element taller than the window would show the sticky header). */
async function screenshotCard(page: Page, name: string) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator("#your-data").boundingBox();
  if (!box) throw new Error("the Your data card is not on the page");
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${width}.png`), fullPage: true, clip: box });
}

/** The open dialog as the window shows it. */
async function screenshotDialog(page: Page, name: string) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${width}.png`) });
}

/** A child with one cart the child asked for, so the export has something of theirs. */
async function childWithCart(page: Page) {
  const child = await createChildViaApi(page, {
    name: "Maya",
    age: 13,
    monthlyBudget: "50.00",
    autoApprovalLimit: "10.00",
  });
  const code = await apiFromPage<{ code: string }>(page, "POST", `/api/children/${child.id}/login-code`);
  expect(code.status).toBe(201);
  const kid = await openPage(browser);
  await kid.page.goto("/kid");
  expect((await apiFromPage(kid.page, "POST", "/api/kid/login", { code: code.body.code })).status).toBe(200);
  const cart = await apiFromPage<{ id: string }>(kid.page, "POST", `/api/children/${child.id}/carts`, {
    retailer: "Book Nook",
    items: [{ name: "Comic", price: "6.00", quantity: 1 }],
  });
  expect(cart.status).toBe(201);
  return { child, cartId: cart.body.id, kid };
}

test("a parent downloads the family's data, then deletes the account for good", async () => {
  const { page, context, errors } = await openPage(browser);
  const account = await signUpParentViaApi(page, "/", newParentAccount("Dana", "Rivera"));
  const { child, cartId, kid } = await childWithCart(page);

  await page.goto("/parent#your-data");
  await visible(page, "heading", "Your data");
  await visible(page, "button", "Delete account");
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshotCard(page, "your-data-card");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download your data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pocketwise-export-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = await download.path();
  const doc = JSON.parse(readFileSync(saved, "utf8"));
  expect(doc.account.email).toBe(account.email);
  expect(doc.children.map((c: { id: string; name: string }) => [c.id, c.name])).toEqual([[child.id, "Maya"]]);
  expect(doc.carts.map((c: { id: string; total: string }) => [c.id, c.total])).toEqual([[cartId, "6.00"]]);

  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account and your family?" });
  await dialog.waitFor();
  await dialog.getByLabel("Your password").fill("not my password");
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await seeText(page, "The current password is not right");
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshotDialog(page, "delete-account-dialog");

  await dialog.getByLabel("Your password").fill(account.password);
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await seeText(page, "Your account has been deleted");
  expect((await apiFromPage(page, "GET", "/api/auth/user")).status).toBe(401);
  expect((await apiFromPage(kid.page, "GET", "/api/kid/me")).status).toBe(401);
  const signIn = await apiFromPage(page, "POST", "/api/auth/login", {
    email: account.email,
    password: account.password,
  });
  expect(signIn.status).toBe(401);
  await linkInMailTo(account.email, "Your Pocketwise account has been deleted", /(This e-mail is your receipt)/);

  // The wrong password and the signed-out checks are expected answers, not page errors.
  expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
  expect(kid.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  await kid.context.close();
  await context.close();
}, 180_000);

test("at phone width: the card and its dialog, and a guardian is offered to leave the family", async () => {
  const owner = await openPage(browser, MOBILE);
  await signUpParentViaApi(owner.page, "/parent#your-data");
  await visible(owner.page, "heading", "Your data");
  expect(await hasNoHorizontalScroll(owner.page)).toBe(true);
  await screenshotCard(owner.page, "your-data-card");
  await owner.page.getByRole("button", { name: "Delete account" }).click();
  const dialog = owner.page.getByRole("alertdialog", { name: "Delete your account and your family?" });
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await seeText(owner.page, "Type your password to confirm");
  expect(await seriousAxeViolations(owner.page)).toEqual([]);
  await screenshotDialog(owner.page, "delete-account-dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // A guardian joins through an invitation and is offered to leave the family instead.
  const invitee = newParentAccount("Gabe", "Rivera");
  expect((await apiFromPage(owner.page, "POST", "/api/family/guardians", { email: invitee.email })).status).toBe(201);
  const link = await joinLinkSentTo(invitee.email);
  const guardian = await openPage(browser, MOBILE);
  await signUpParentViaApi(guardian.page, "/", invitee);
  const token = link.split("/join/")[1];
  expect((await apiFromPage(guardian.page, "POST", `/api/family/invitations/${token}/accept`)).status).toBe(200);
  await guardian.page.goto("/parent#your-data");
  await visible(guardian.page, "heading", "Leave this family");
  expect(await hasNoHorizontalScroll(guardian.page)).toBe(true);
  await screenshotCard(guardian.page, "your-data-card-guardian");
  await guardian.page.getByRole("button", { name: "Leave this family" }).click();
  const leave = guardian.page.getByRole("alertdialog", { name: "Leave this family and delete your account?" });
  await leave.getByLabel("Your password").fill(invitee.password);
  expect(await seriousAxeViolations(guardian.page)).toEqual([]);
  await screenshotDialog(guardian.page, "leave-family-dialog");
  await leave.getByRole("button", { name: "Leave and delete my account" }).click();
  await guardian.page.waitForURL((url) => url.pathname === "/");
  await seeText(guardian.page, "You have left the family");

  expect(owner.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  expect(guardian.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  await owner.context.close();
  await guardian.context.close();
}, 180_000);
