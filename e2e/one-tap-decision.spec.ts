import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seriousAxeViolations } from "./support/axe";
import { ARTIFACTS_DIR, DESKTOP, launchBrowser, MOBILE, openPage, screenshot } from "./support/browser";
import { linkInMailTo } from "./support/mail";
import { apiFromPage, createChildViaApi, newParentAccount, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";
import { hasNoHorizontalScroll, seeText, visible } from "./support/wait";

/*
 * Decision 133: a child's cart waits; the parent gets an e-mail, opens its Approve link on another device
 * (a fresh browser, no session), confirms with one button and sees the outcome; the link, opened again,
 * says who decided and when. The unsubscribe page and the Parent Center's switches are shot at both widths.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The path of a link in an e-mail: the e-mail names the server's own address, the browser uses the test's. */
const pathOf = (link: string) => new URL(link).pathname;

const DECIDE_LINK = (label: string) => new RegExp(`${label}[^:\\r\\n]*: (https?://\\S+/decide/[A-Za-z0-9_-]+)`);

/** Signs the child in with a code, as the /kid screen does, and sends a cart from the child's own session. */
async function childAsks(parent: Page, childId: string, retailer: string, items: object[]) {
  const code = await apiFromPage<{ code: string }>(parent, "POST", `/api/children/${childId}/login-code`);
  const kid = await openPage(browser);
  await kid.page.goto("/kid");
  expect((await apiFromPage(kid.page, "POST", "/api/kid/login", { code: code.body.code })).status).toBe(200);
  const cart = await apiFromPage<{ status: string }>(kid.page, "POST", `/api/children/${childId}/carts`, {
    retailer,
    items,
  });
  expect(cart.body.status).toBe("pending");
  await kid.context.close();
}

test("a parent approves a waiting cart from the e-mail's link in a fresh browser; the link then says who decided", async () => {
  const parent = await openPage(browser);
  const account = await signUpParentViaApi(parent.page, "/", newParentAccount("Alex", "Rivera"));
  const child = await createChildViaApi(parent.page, {
    name: "Maya",
    age: 13,
    monthlyBudget: "50.00",
    autoApprovalLimit: "5.00",
  });
  await childAsks(parent.page, child.id, "Toy Town", [
    { name: "Robot kit", price: "10.00", quantity: 1, url: "https://example.com/robot-kit" },
    { name: "Batteries", price: "1.25", quantity: 2 },
  ]);

  const subject = "Maya is asking for $12.50 at Toy Town";
  const approveLink = await linkInMailTo(account.email, subject, DECIDE_LINK("Approve \\$12\\.50"));
  const declineLink = await linkInMailTo(account.email, subject, DECIDE_LINK("Decline"));
  const unsubscribeLink = await linkInMailTo(account.email, subject, /Stop [^:]+: (https?:\/\/\S+\/unsubscribe\/\S+)/);

  // Another device: no session, no cookies.
  const phone = await openPage(browser);
  await phone.page.goto(pathOf(approveLink));
  await visible(phone.page, "heading", "Maya is asking for $12.50");
  await seeText(phone.page, "at Toy Town");
  await visible(phone.page, "link", /Robot kit/);
  await seeText(phone.page, "It is over the $5.00 auto-approval limit");
  await seeText(phone.page, "$50.00");
  await shoot(phone.page, "decide-approve");

  await phone.page.getByRole("button", { name: "Approve $12.50" }).click();
  await seeText(phone.page, "Approved $12.50");
  await seeText(phone.page, "Maya can see it now.");
  await shoot(phone.page, "decide-approved");
  const cart = await apiFromPage<{ status: string; decidedBy: { firstName: string } }[]>(
    parent.page,
    "GET",
    `/api/children/${child.id}/carts`,
  );
  expect(cart.body[0]).toMatchObject({ status: "approved", decidedBy: { firstName: "Alex" } });

  // Opened again, later, anywhere: it says who decided and when, and offers nothing to press.
  const later = await openPage(browser);
  await later.page.goto(pathOf(approveLink));
  await visible(later.page, "heading", "Maya is asking for $12.50");
  await seeText(later.page, /^You approved this on [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s?[AP]M\.$/);
  expect(await later.page.getByRole("button", { name: /Approve/ }).count()).toBe(0);
  await later.page.goto(pathOf(declineLink));
  await seeText(later.page, /^Alex already approved this on /);
  await shoot(later.page, "decide-already-decided");

  // The unsubscribe link: the page says what stops, and stops it only when asked.
  await later.page.goto(pathOf(unsubscribeLink));
  await visible(later.page, "heading", "Stop purchase approvals e-mails?");
  await seeText(later.page, `For ${account.email}`);
  await shoot(later.page, "unsubscribe");
  const before = await apiFromPage<{ email: { approvals: boolean } }>(parent.page, "GET", "/api/account/notifications");
  expect(before.body.email.approvals).toBe(true);
  await later.page.getByRole("button", { name: "Stop these e-mails" }).click();
  await seeText(later.page, "You won't get purchase approvals e-mails any more.");
  await shoot(later.page, "unsubscribed");
  const after = await apiFromPage<{ email: { approvals: boolean } }>(parent.page, "GET", "/api/account/notifications");
  expect(after.body.email.approvals).toBe(false);

  // Back on: the Parent Center's switches, saved the moment they change.
  await parent.page.goto("/parent#notifications");
  const section = parent.page.locator("#notifications");
  await section.getByRole("heading", { name: "Notifications" }).waitFor();
  const emailApprovals = section.getByRole("switch", { name: "E-mail: Purchase approvals" });
  expect(await emailApprovals.getAttribute("aria-checked")).toBe("false");
  expect(await seriousAxeViolations(parent.page)).toEqual([]);
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  for (const viewport of [DESKTOP, MOBILE]) {
    await parent.page.setViewportSize(viewport);
    expect(await hasNoHorizontalScroll(parent.page)).toBe(true);
    await section.screenshot({ path: path.join(ARTIFACTS_DIR, `parent-center-notifications-${viewport.width}.png`) });
  }
  await parent.page.setViewportSize(DESKTOP);
  await emailApprovals.click();
  await seeText(parent.page, "E-mail for purchase approvals is now on.");
  expect(await emailApprovals.getAttribute("aria-checked")).toBe("true");

  for (const t of [parent, phone, later]) {
    expect(t.errors).toEqual([]);
    await t.context.close();
  }
});

test("a decline with a note from the link; over budget, the page offers to sign in", async () => {
  const parent = await openPage(browser);
  const account = await signUpParentViaApi(parent.page, "/", newParentAccount("Jo", "Lee"));
  const child = await createChildViaApi(parent.page, {
    name: "Leo",
    age: 13,
    monthlyBudget: "20.00",
    autoApprovalLimit: "5.00",
  });
  await childAsks(parent.page, child.id, "Game Store", [{ name: "Racing game", price: "30.00", quantity: 1 }]);
  const subject = "Leo is asking for $30.00 at Game Store";
  const approveLink = await linkInMailTo(account.email, subject, DECIDE_LINK("Approve \\$30\\.00"));
  const declineLink = await linkInMailTo(account.email, subject, DECIDE_LINK("Decline"));

  const phone = await openPage(browser, MOBILE);
  await phone.page.goto(pathOf(approveLink));
  await visible(phone.page, "heading", "Leo is asking for $30.00");
  await phone.page.getByRole("button", { name: "Approve $30.00" }).click();
  await seeText(phone.page, "This would go over the budget");
  await visible(phone.page, "link", "Sign in to approve");
  expect(await phone.page.getByRole("link", { name: "Sign in to approve" }).getAttribute("href")).toBe(
    "/api/login?mode=login&returnTo=%2F",
  );
  await screenshot(phone.page, "decide-over-budget");

  await phone.page.goto(pathOf(declineLink));
  await visible(phone.page, "heading", "Leo is asking for $30.00");
  await phone.page.getByLabel("Note for Leo (optional)").fill("Let's save up for it together.");
  await screenshot(phone.page, "decide-decline");
  await phone.page.getByRole("button", { name: "Decline" }).click();
  await seeText(phone.page, "Leo can see it now, with your note.");
  const carts = await apiFromPage<{ status: string; decisionNote: string }[]>(
    parent.page,
    "GET",
    `/api/children/${child.id}/carts`,
  );
  expect(carts.body[0]).toMatchObject({ status: "declined", decisionNote: "Let's save up for it together." });

  // A link that never existed: plain words, no stack of errors.
  await phone.page.goto("/decide/not-a-real-link");
  await visible(phone.page, "heading", "This link does not work");
  await screenshot(phone.page, "decide-unknown-link");

  // The approval's 409 and the made-up link's 410 are the answers this journey asks for.
  expect(phone.errors.filter((e) => !/status of (409|410)/.test(e))).toEqual([]);
  expect(parent.errors).toEqual([]);
  await phone.context.close();
  await parent.context.close();
});
