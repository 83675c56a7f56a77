import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DESKTOP, launchBrowser, MOBILE, openPage, type TrackedPage } from "./support/browser";
import { joinLinkSentTo } from "./support/mail";
import { apiFromPage, createChildViaApi, newParentAccount, signUpParentViaApi } from "./support/parent";
import { closeToasts, screenshotViewport, shoot, shootPart } from "./support/screens";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Closes the toasts first, so the pictures show the screen itself. */
async function shootScreen(page: Page, name: string) {
  await closeToasts(page);
  await shoot(page, name);
}

/**
 * One part of a long page at both widths: <name>-<width>.png, cut from the full page so the sticky header
 * (drawn at the page's top there) never covers the part's own top.
 */
/** A parent submits a cart for the child through the API, as the child's own screen would. */
async function ask(page: Page, childId: string, retailer: string, name: string, price: string) {
  const res = await apiFromPage<{ id: string; status: string }>(page, "POST", `/api/children/${childId}/carts`, {
    retailer,
    items: [{ name, price, quantity: 1 }],
    notes: `Can I get the ${name.toLowerCase()}?`,
  });
  expect(res.status).toBe(201);
  expect(res.body.status).toBe("pending");
  return res.body;
}

const EXPIRED_NOTE = "Expired: no one decided in time";
/** The answer to an over-limit approval is the server's message on screen, not a failure of the page. */
const unexpected = (t: TrackedPage) => t.errors.filter((e) => !/status of 403/.test(e));

test("the owner invites a co-parent, who joins through the e-mailed link and decides; the owner sees who did", async () => {
  const owner = await openPage(browser);
  const o = owner.page;
  await signUpParentViaApi(o, "/signin", newParentAccount("Olivia", "Rivera"));
  const maya = await createChildViaApi(o, {
    name: "Maya",
    age: 13,
    profileColor: "#10B981",
    monthlyBudget: "100.00",
    autoApprovalLimit: "5.00",
  });
  const books = await ask(o, maya.id, "Book Nook", "Comic", "8.00");
  await ask(o, maya.id, "Kite Shop", "Stunt kite", "25.00");
  await ask(o, maya.id, "Toy Town", "Puzzle", "12.00");
  await ask(o, maya.id, "Sneaker Store", "Sneakers", "15.00");

  // The owner invites Gabe from the Parent Center, with a $20.00 limit of his own.
  const gabe = newParentAccount("Gabe", "Moreno");
  await o.goto("/parent");
  const family = o.getByRole("region", { name: "Family & guardians" });
  await family.getByText("Olivia Rivera").waitFor();
  await family.getByLabel("Their e-mail").fill(gabe.email);
  await family.getByLabel("Approval limit ($, optional)").fill("20.00");
  await family.getByRole("button", { name: "Send invitation" }).click();
  await o.getByText("Invitation sent", { exact: true }).waitFor();
  await family.getByRole("button", { name: `Withdraw the invitation to ${gabe.email}` }).waitFor();
  await shootPart(o, family, "parent-center-family-owner");

  // Gabe opens the e-mailed link in his own browser, creates an account through it and comes back to join.
  const joinPath = new URL(await joinLinkSentTo(gabe.email)).pathname;
  const coParent = await openPage(browser);
  const g = coParent.page;
  await g.goto(joinPath);
  await g.getByRole("heading", { name: "Join Olivia Rivera's family on Pocketwise" }).waitFor();
  await g.getByText("Up to $20.00").waitFor();
  await shootScreen(g, "join-signed-out");
  await g.getByRole("link", { name: "Create an account" }).click();
  await g.waitForURL(/\/signin\?mode=signup/);
  await g.getByLabel("First name").fill(gabe.firstName);
  await g.getByLabel("Last name").fill(gabe.lastName);
  await g.getByLabel("E-mail").fill(gabe.email);
  await g.getByLabel("Password").fill(gabe.password);
  await g.getByRole("button", { name: "Create Account", exact: true }).click();
  await g.waitForURL((url) => url.pathname === joinPath);
  await g.getByText(`You are signed in as ${gabe.email}.`).waitFor();
  await shootScreen(g, "join-signed-in");
  await g.getByRole("button", { name: "Join the family" }).click();
  await g.getByRole("heading", { name: "Family Dashboard" }).waitFor();
  expect(new URL(g.url()).pathname).toBe("/");

  // Gabe decides Maya's requests: within his limit it goes through, above it the server's message says why.
  const gPending = g.getByRole("region", { name: "Pending Approvals" });
  await gPending.getByText("Sneaker Store").waitFor();
  await gPending
    .getByText(/Asked (just now|\d+ minutes? ago) · expires in 47 hours/)
    .first()
    .waitFor();
  await g.getByRole("button", { name: "Approve Maya's request from Sneaker Store" }).click();
  await g.getByText("Approved Maya's $15.00 at Sneaker Store", { exact: true }).waitFor();
  await gPending.getByText("Sneaker Store").waitFor({ state: "detached" });
  await g.getByRole("button", { name: "Approve Maya's request from Kite Shop" }).click();
  await g.getByText("Your approval limit in this family is $20.00", { exact: false }).first().waitFor();

  // The family section shows Gabe the family read-only.
  await g.goto("/parent");
  const gFamily = g.getByRole("region", { name: "Family & guardians" });
  await gFamily.getByText(/Only the family's owner, Olivia Rivera, can invite/).waitFor();
  expect(await gFamily.getByRole("button", { name: /Remove|Change limit/ }).count()).toBe(0);
  await shootPart(g, gFamily, "parent-center-family-guardian");

  // The owner's dashboard says who answered.
  await o.goto("/");
  const decisions = o.getByRole("region", { name: "Recent decisions" });
  await decisions.getByText("Approved by Gabe").waitFor();

  // A decline with a reason goes at once, and Undo brings the request back.
  const pending = o.getByRole("region", { name: "Pending Approvals" });
  await o.getByRole("button", { name: "Decline Maya's request from Toy Town" }).click();
  const reason = o.getByRole("form", { name: "Decline Maya's request from Toy Town" });
  await reason.getByLabel("Reason for Maya (optional)").fill("Let's wait for your birthday.");
  await screenshotViewport(o, "decline-reason");
  await reason.getByRole("button", { name: "Decline" }).click();
  await o.getByText("Declined Maya's $12.00 at Toy Town", { exact: true }).waitFor();
  await pending.getByText("Toy Town").waitFor({ state: "detached" });
  // The toast slides in; pictured once it is there.
  await o.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished),
    ),
  );
  await screenshotViewport(o, "decline-undo-toast");
  await o.getByRole("button", { name: "Undo" }).click();
  await o.getByText("Decline undone", { exact: true }).waitFor();
  await pending.getByText("Toy Town").waitFor();
  // Declined for good this time, without a reason.
  await o.getByRole("button", { name: "Decline Maya's request from Toy Town" }).click();
  await o
    .getByRole("form", { name: "Decline Maya's request from Toy Town" })
    .getByRole("button", { name: "Decline" })
    .click();
  await decisions.getByText("Declined by Olivia").waitFor();
  await shootScreen(o, "family-dashboard-decisions");

  // On a phone the waiting requests come before everything else.
  await o.setViewportSize(MOBILE);
  const pendingTop = (await pending.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  const tilesTop = (await o.getByRole("region", { name: "Family summary" }).boundingBox())?.y ?? 0;
  expect(pendingTop).toBeLessThan(tilesTop);
  await o.setViewportSize(DESKTOP);

  // The parent's view of Maya's carts names the deciders too.
  await o.goto(`/child/${maya.id}`);
  await o.getByText("Approved by Gabe").waitFor();
  await o.getByText("Declined by Olivia").waitFor();

  // Maya, on her own device. Expiry is the server's job (48 hours here, tested in the API suite); this
  // browser is shown the Book Nook request as the server answers it once it has expired.
  const code = await apiFromPage<{ code: string }>(o, "POST", `/api/children/${maya.id}/login-code`);
  expect(code.status).toBe(201);
  const kid = await openPage(browser);
  const k = kid.page;
  await k.route(`**/api/children/${maya.id}/carts`, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const res = await route.fetch();
    const carts = (await res.json()) as { id: string; expiresAt: string | null }[];
    const answered = carts.map((c) =>
      c.id === books.id
        ? { ...c, status: "declined", decidedBy: null, decidedAt: c.expiresAt, decisionNote: EXPIRED_NOTE }
        : c,
    );
    await route.fulfill({ response: res, json: answered });
  });
  await k.goto("/kid");
  expect((await apiFromPage(k, "POST", "/api/kid/login", { code: code.body.code })).status).toBe(200);
  await k.goto(`/child/${maya.id}`);
  await k.getByRole("heading", { name: /Hi Maya/ }).waitFor();
  await k.getByText("No one answered in time").waitFor();
  await k.getByText("Approved by Gabe").waitFor();
  // The expiry's note is the server's, never shown to Maya as a parent's note.
  expect(await k.getByText(EXPIRED_NOTE).count()).toBe(0);
  await shootScreen(k, "child-dashboard-expired");
  await k.getByRole("button", { name: "Ask again for Book Nook" }).click();
  await k.getByText("You asked again.").waitFor();
  await k.getByText("Your parent needs to say yes because it costs more than $5.00.").first().waitFor();

  // The same request waits for the guardians again: a new cart, beside the one whose expiry Maya was shown.
  await o.goto("/");
  await pending.getByText("Book Nook").nth(1).waitFor();

  expect(unexpected(owner)).toEqual([]);
  expect(unexpected(coParent)).toEqual([]);
  expect(kid.errors).toEqual([]);
  await Promise.all([owner.context.close(), coParent.context.close(), kid.context.close()]);
}, 240_000);
