import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { launchBrowser, openPage } from "./support/browser";
import { newParentAccount, signUpParentViaApi } from "./support/parent";
import { shootPart } from "./support/screens";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The exit offer opens after 30 s on the landing page (once per page life): use it up first, so a slow run
 * never covers the section under test.
 */
async function useUpExitOffer(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event("beforeunload")));
  const offer = page.getByRole("dialog", { name: /first month is on us/i });
  await offer.waitFor();
  await page.keyboard.press("Escape");
  await offer.waitFor({ state: "hidden" });
}

/** The referral invitation e-mailed to `to`, waited for: the server sends it just after answering. */
async function invitationTo(to: string, timeoutMs = 15_000): Promise<string> {
  const outbox = path.join(inject("dataDir"), "outbox");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let names: string[] = [];
    try {
      names = readdirSync(outbox).filter((name) => name.endsWith(".eml"));
    } catch {}
    const mail = names
      .map((name) => readFileSync(path.join(outbox, name), "utf8").replace(/=\r?\n/g, ""))
      .find((eml) => eml.includes(`To: ${to}`));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no invitation for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test("a visitor reads how the programme works, with no progress of anyone's", async () => {
  const visitor = await openPage(browser);
  const page = visitor.page;
  await page.goto("/#referral");
  const section = page.locator("section#referral");
  await section.getByRole("button", { name: "Sign up to get your link" }).waitFor();
  await useUpExitOffer(page);
  await expect(section.getByText(/joined with your link/).count()).resolves.toBe(0);
  await expect(section.getByText("Locked", { exact: true }).count()).resolves.toBe(0);
  await section.getByText("When 10 families join").waitFor();
  await shootPart(page, section, "landing-referral-visitor");
  await section.getByRole("button", { name: "Sign up to get your link" }).click();
  await page.getByRole("dialog").getByRole("heading", { name: "Start your family's free trial" }).waitFor();
  expect(visitor.errors).toEqual([]);
});

test("a parent shares the link, a family joins through it, and the parent sees it counted and rewarded", async () => {
  const referrer = await openPage(browser);
  const a = referrer.page;
  await referrer.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpParentViaApi(a, "/parent", newParentAccount("Avery", "Stone"));
  const card = a.getByRole("region", { name: "Refer a family" });
  await card.getByText("No families have joined with your link yet").waitFor();
  await card.getByRole("button", { name: "Copy" }).click();
  await card.getByRole("button", { name: "Copied!" }).waitFor();
  const link = await a.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/r\/[23456789A-HJKMNP-Z]{8}$/);
  await shootPart(a, card, "parent-center-referrals-new");

  // A friend opens the link in a browser of their own and lands on the landing page's sign-up dialog.
  const friend = await openPage(browser);
  const f = friend.page;
  await f.goto(new URL(link).pathname);
  const dialog = f.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Start your family's free trial" }).waitFor();
  expect(new URL(f.url()).search).toBe("");
  await dialog.getByRole("button", { name: "Start Free Trial" }).click();
  await f.waitForURL(/\/signin\?mode=signup/);
  const account = newParentAccount("Frankie", "Hale");
  await f.getByLabel("First name").fill(account.firstName);
  await f.getByLabel("Last name").fill(account.lastName);
  await f.getByLabel("E-mail").fill(account.email);
  await f.getByLabel("Password").fill(account.password);
  await f.getByRole("button", { name: "Create Account", exact: true }).click();
  await f.getByRole("heading", { name: "Family Dashboard" }).waitFor();
  expect(friend.errors).toEqual([]);

  // The referrer sees the family counted, the first tier unlocked and its month granted.
  await a.reload();
  await card.getByText("1 family joined with your link").waitFor();
  const first = card.getByRole("listitem").filter({ hasText: "1 month free" });
  await first.getByText("Unlocked").waitFor();
  await first.getByText(/^Granted .* as plan time$/).waitFor();

  // And invites another friend by e-mail: the toast is the server's answer, the e-mail carries the link.
  const other = `friend-${Date.now()}@example.com`;
  await card.getByLabel("Invite a friend by e-mail").fill(other);
  await card.getByRole("button", { name: "Invite" }).click();
  await a.getByText(`Invitation sent to ${other}.`).first().waitFor();
  expect(await invitationTo(other)).toContain(link);
  await shootPart(a, card, "parent-center-referrals-rewarded");
  expect(referrer.errors).toEqual([]);
});
