import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, newParentAccount, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";
import { openStaffDashboard, STAFF } from "./support/staff";
import { seeText } from "./support/wait";

/* Decision 155: staff find a family by a parent's e-mail, set its plan by hand and see the change recorded. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("staff find a parent by e-mail, set the Family Plan and see the change in the staff log", async () => {
  const parent = await openPage(browser);
  const account = newParentAccount("Priya", "Patel");
  await signUpParentViaApi(parent.page, "/", account);
  await createChildViaApi(parent.page, { name: "Maya", age: 10, monthlyBudget: "50.00", autoApprovalLimit: "5.00" });
  const secondChild = { name: "Leo", age: 8, monthlyBudget: "20.00", autoApprovalLimit: "5.00" };
  expect((await apiFromPage(parent.page, "POST", "/api/children", secondChild)).status).toBe(403);

  const { page, errors, context } = await openPage(browser);
  await openStaffDashboard(page);
  await page.getByRole("tab", { name: "Families" }).click();
  await page.getByLabel("Parent e-mail").fill(account.email.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  const found = page.getByRole("list", { name: "Families found" });
  await found.getByText(account.email).waitFor();
  expect(await found.getByRole("listitem").count()).toBe(1);
  await found.getByText("1 child").waitFor();
  await shoot(page, "staff-families-search");

  await found.getByRole("button", { name: /Priya Patel/ }).click();
  const panel = page.getByRole("region", { name: "Priya Patel" });
  await panel.getByText("No subscription").waitFor();
  await panel.getByText("Payments are not configured on this server, so there are no charges to refund.").waitFor();
  await shoot(page, "staff-families-detail");

  await panel.getByLabel("Plan", { exact: true }).selectOption("family");
  await panel.getByRole("button", { name: "Set plan" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Set the Family Plan?" });
  await shoot(page, "staff-families-confirm", { viewport: true });
  await confirm.getByRole("button", { name: "Set plan" }).click();
  await seeText(page, "Plan set");
  await panel.getByText("Plan set from Free plan to Family Plan").waitFor();
  await panel.getByText(`by ${STAFF.email}`, { exact: false }).first().waitFor();
  await panel.getByRole("heading", { name: "Set plan" }).scrollIntoViewIfNeeded();
  await shoot(page, "staff-families-plan-set");

  // The plan is in force at once: the parent can add the second child now.
  expect((await apiFromPage(parent.page, "POST", "/api/children", secondChild)).status).toBe(201);
  // And the staff log lists the change, newest first.
  const log = page.getByRole("region", { name: "Staff changes" });
  await log.getByText("Plan set from Free plan to Family Plan").first().waitFor();

  expect(errors).toEqual([]);
  await parent.context.close();
  await context.close();
}, 240_000);
