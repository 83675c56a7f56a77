import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, openPage } from "./support/browser";
import { apiFromPage, signUpParentViaApi } from "./support/parent";
import { closeToasts, type ShootOptions, shoot } from "./support/screens";
import { openStaffDashboard } from "./support/staff";

/* docs/decisions/160: a child under 13 signs in only after a parent's consent is verified, and not after it is withdrawn. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Closes the toasts first, so the pictures show the screen itself. */
async function shootScreen(page: Page, name: string, options?: ShootOptions) {
  await closeToasts(page);
  await shoot(page, name, options);
}

test("a parent consents for a 10-year-old, staff accept it, the child signs in, and withdrawing signs the child out", async () => {
  const parent = await openPage(browser);
  const p = parent.page;
  await signUpParentViaApi(p, "/", {
    email: `parent-${Date.now()}@example.com`,
    password: "correct-horse-battery",
    firstName: "Sam",
    lastName: "Rivera",
  });

  // Add Child of an under-13 says consent comes next.
  await p.getByRole("button", { name: "Add Child" }).first().click();
  const dialog = p.getByRole("dialog");
  await dialog.getByLabel("Child's name").fill("Maya");
  await dialog.getByLabel("Age").fill("10");
  await dialog.getByRole("button", { name: "Add Child" }).click();
  await dialog.getByText("Next: parental consent for Maya").waitFor();
  await shootScreen(p, "child-consent-add-child", { viewport: true });
  await dialog.getByRole("button", { name: "Later" }).click();

  const children = p.getByRole("region", { name: "Children Overview" });
  await children.getByText("Consent needed").waitFor();
  expect(await children.getByRole("button", { name: "Create sign-in code" }).count()).toBe(0);
  await shootScreen(p, "child-consent-dashboard-needed");
  const childId = (await apiFromPage<{ id: string; name: string }[]>(p, "GET", "/api/children")).body.find(
    (c) => c.name === "Maya",
  )?.id;
  expect(childId).toBeTruthy();
  // The server refuses a code too, naming the consent step.
  const refused = await apiFromPage<{ code: string }>(p, "POST", `/api/children/${childId}/login-code`);
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe("consent_required");

  // The wizard for Maya: her name and age, the parent prefilled, government ID, a signature.
  await children.getByRole("link", { name: "Give consent for Maya" }).click();
  await p.waitForURL(`**/coppa-consent?child=${childId}`);
  await p.getByText("Step 1 of 4").waitFor();
  await p.getByText("COPPA Compliance Required").waitFor();
  await shootScreen(p, "child-consent-step1");
  await p.getByRole("button", { name: "Continue" }).click();
  expect(await p.getByLabel("Full legal name").inputValue()).toBe("Sam Rivera");
  await p.getByRole("radio", { name: "Parent" }).check();
  await p.getByRole("textbox", { name: "Phone" }).fill("555-123-4567");
  await p.getByRole("radio", { name: /^Government ID/ }).check();
  await shootScreen(p, "child-consent-step2");
  await p.getByRole("button", { name: "Continue" }).click();
  await p.getByRole("checkbox", { name: /^Data collection/ }).click();
  await p.getByRole("checkbox", { name: /^Educational content/ }).click();
  await p.getByText("Disclosure to third parties (optional)").waitFor();
  await shootScreen(p, "child-consent-step3");
  await p.getByRole("button", { name: "Continue" }).click();
  await p.getByLabel("Signature").fill("Sam Rivera");
  await p.getByRole("checkbox", { name: /I confirm that I am the parent/ }).click();
  await shootScreen(p, "child-consent-step4");
  await p.getByRole("button", { name: "Complete Consent Process" }).click();
  await p.getByRole("heading", { name: "Consent in review" }).waitFor();
  await p.getByText(/Reference:/).waitFor();
  await shootScreen(p, "child-consent-in-review");

  await p.goto("/");
  await children.getByText("Consent in review").waitFor();
  await children.getByText(/Maya can sign in once it is verified/).waitFor();

  // Staff accept it under Forms.
  const staff = await openPage(browser);
  const s = staff.page;
  await openStaffDashboard(s);
  await s.getByRole("tab", { name: "Forms" }).click();
  const review = s.getByRole("region", { name: "Consent reviews" }).getByRole("article", {
    name: "Consent for Maya from Sam Rivera",
  });
  await review.getByText("Maya, age 10").waitFor();
  await review.scrollIntoViewIfNeeded();
  await shootScreen(s, "child-consent-staff-review");
  await review.getByRole("button", { name: "Accept consent for Maya" }).click();
  await review.waitFor({ state: "detached" });

  // The dashboard offers the code now, and Maya signs in with it.
  await p.goto("/");
  await children.getByRole("button", { name: "Create sign-in code" }).click();
  const code = await p.getByTestId("kid-signin-code").textContent();
  expect(code).toMatch(/\S/);
  const kid = await openPage(browser);
  const k = kid.page;
  await k.goto("/kid");
  await k.getByLabel("Your sign-in code").fill(code ?? "");
  await k.getByRole("button", { name: "Let's go!" }).click();
  await k.getByRole("heading", { name: /Hi Maya/ }).waitFor();

  // Withdrawing in Maya's settings signs her out at once.
  await p.goto(`/child/${childId}/settings`);
  const consent = p.getByRole("region", { name: "Parental consent" });
  await consent.getByText("Verified", { exact: true }).first().waitFor();
  await consent.scrollIntoViewIfNeeded();
  await shootScreen(p, "child-consent-settings");
  await consent.getByRole("button", { name: "Withdraw consent" }).click();
  const confirm = p.getByRole("alertdialog");
  await confirm.getByText(/signed out everywhere/).waitFor();
  await shootScreen(p, "child-consent-withdraw", { viewport: true });
  await confirm.getByRole("button", { name: "Withdraw consent" }).click();
  await consent.getByText("Consent needed").waitFor();
  expect((await apiFromPage(k, "GET", "/api/kid/me")).status).toBe(401);

  for (const tracked of [parent, staff, kid]) {
    expect(tracked.errors.filter((e) => !/status of (401|403)/.test(e))).toEqual([]);
    await tracked.context.close();
  }
});
