import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seriousAxeViolations } from "./support/axe";
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { screenshotViewport } from "./support/screens";
import { overflowing, seeText, visible } from "./support/wait";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A child who has spent 19 of 20 dollars: past 90 percent, so the bar is red and the warning shows. */
async function nearlySpentChild(page: Page) {
  const child = await createChildViaApi(page, {
    name: "Leo",
    age: 12,
    profileColor: "#F59E0B",
    monthlyBudget: "20.00",
    autoApprovalLimit: "0.00",
  });
  const cart = await apiFromPage<{ id: string }>(page, "POST", `/api/children/${child.id}/carts`, {
    retailer: "Game Stop",
    items: [{ name: "Gift card", price: "19.00", quantity: 1 }],
  });
  const approved = await apiFromPage(page, "PATCH", `/api/carts/${cart.body.id}/status`, { status: "approved" });
  expect(approved.status).toBe(200);
  return child;
}

for (const viewport of [MOBILE, DESKTOP]) {
  test(`every parent screen fits ${viewport.width} px without horizontal scroll or serious axe issues`, async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await signUpParentViaApi(page, "/");
    const leo = await nearlySpentChild(page);

    await page.goto("/");
    await seeText(page, "Leo");
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "dashboard-with-children");

    await page.getByRole("button", { name: "Add Child" }).click();
    await page.getByRole("dialog").getByLabel("Child's name").fill(" ");
    await page.getByRole("dialog").getByLabel("Age").fill("30");
    await page.getByRole("dialog").getByRole("button", { name: "Add Child", exact: true }).click();
    await seeText(page, "Please fix the following errors:");
    await seeText(page, "Age must be under 18");
    await screenshotViewport(page, "add-child-errors");
    await page.keyboard.press("Escape");

    if (viewport === MOBILE) {
      await page.getByRole("button", { name: "Open menu" }).click();
      await visible(page, "link", "Parent Center");
      await screenshotViewport(page, "header-mobile-menu-parent");
      await page.getByRole("link", { name: "Parent Center" }).click();
    } else {
      await page.goto("/parent");
    }
    await visible(page, "heading", "Parent Center");
    await seeText(page, "Approved purchases this month");
    await page.getByRole("region", { name: "Plans" }).getByText("Your plan").waitFor();
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "parent-center");

    await page.goto(`/child/${leo.id}`);
    await visible(page, "heading", /Hi Leo/);
    await seeText(page, "Almost out of budget! Only $1.00 left this month.");
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "child-dashboard-warning");

    await page.goto(`/child/${leo.id}/settings`);
    await visible(page, "heading", "Leo's Settings");
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "child-settings");

    await page.goto("/no-such-page");
    await visible(page, "heading", "404 Page Not Found");
    expect(await overflowing(page)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
}

test("the dashboard is usable from the keyboard alone", async () => {
  const { page, context, errors } = await openPage(browser);
  await signUpParentViaApi(page, "/");
  await visible(page, "heading", "Family Dashboard");
  // Tab from the top of the page to the Add Child button, open it, and pick a colour with the arrow keys.
  let focused = "";
  for (let i = 0; i < 15 && focused !== "Add Child"; i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
  }
  expect(focused).toBe("Add Child");
  await page.keyboard.press("Enter");
  await page.getByRole("dialog").getByLabel("Child's name").waitFor();
  await page.keyboard.type("Ivy");
  await page.getByRole("radio", { name: "Purple" }).focus();
  // Radix moves focus on the tick after keydown and checks the radio it lands on while the key is
  // still down, as it is when a person presses it; Playwright's press() would release it at once.
  await page.keyboard.down("ArrowRight");
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Green");
  await page.keyboard.up("ArrowRight");
  expect(await page.getByRole("radio", { name: "Green" }).getAttribute("aria-checked")).toBe("true");
  await page.getByRole("dialog").getByRole("button", { name: "Add Child", exact: true }).focus();
  await page.keyboard.press("Enter");
  await seeText(page, "Child profile created successfully!");
  // A child under 13 needs a parent's consent next (decision 160); Later closes the dialog from the keyboard.
  await page.getByRole("dialog").getByRole("button", { name: "Later" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("dialog").waitFor({ state: "detached" });

  // The account menu opens from the keyboard and offers Log out.
  await page.getByRole("button", { name: /Account menu/ }).focus();
  await page.keyboard.press("Enter");
  await visible(page, "menuitem", "Log out");
  await page.keyboard.press("Escape");
  expect(errors).toEqual([]);
  await context.close();
});
