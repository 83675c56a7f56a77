import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { baseUrl, launchBrowser, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";
import { staffToken } from "./support/staff";

/*
 * docs/decisions/161: a parent opens a child's history from the family dashboard, reads what changed and the
 * charts, filters the list, downloads it as CSV, and opens the whole family's history.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** No hover tooltip, open suggestion list or scrolled sticky header in the pictures. */
const still = (page: Page) => async () => {
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
};

type Cart = { id: string; status: string };

async function submit(page: Page, childId: string, retailer: string, name: string, price: string, category?: string) {
  const res = await apiFromPage<Cart>(page, "POST", `/api/children/${childId}/carts`, {
    retailer,
    items: [{ name, price, quantity: 1, ...(category && { category }) }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function decide(page: Page, cart: Cart, status: "approved" | "declined", note?: string) {
  const res = await apiFromPage(page, "PATCH", `/api/carts/${cart.id}/status`, { status, ...(note && { note }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

test("a parent reads a child's history and the family's, filters it and downloads it as CSV", async () => {
  const { page, errors } = await openPage(browser);
  await signUpParentViaApi(page, "/", {
    email: `history-${Date.now()}@example.com`,
    password: "correct-horse-battery",
    firstName: "Sam",
    lastName: "Rivera",
  });
  // Two children need the Family Plan, which staff set when payments are not configured.
  const me = await apiFromPage<{ id: string }>(page, "GET", "/api/auth/user");
  const plan = await fetch(`${baseUrl()}/api/admin/families/${me.body.id}/plan`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${await staffToken()}`, "content-type": "application/json" },
    body: JSON.stringify({ plan: "family" }),
  });
  expect(plan.status, await plan.text()).toBe(200);
  const maya = await createChildViaApi(page, {
    name: "Maya",
    age: 13,
    monthlyBudget: "100.00",
    autoApprovalLimit: "15.00",
  });
  const leo = await createChildViaApi(page, {
    name: "Leo",
    age: 14,
    monthlyBudget: "40.00",
    autoApprovalLimit: "10.00",
  });
  for (const name of ["Games", "Books"]) {
    const res = await apiFromPage(page, "POST", `/api/children/${maya.id}/categories`, {
      name,
      monthlyLimit: "50.00",
      isRestricted: false,
    });
    expect(res.status).toBe(201);
  }

  // Maya: two small carts approved at once, one approved by Sam, three declined with a note.
  await submit(page, maya.id, "Pixel Games", "Puzzle game", "12.00", "Games");
  await submit(page, maya.id, "Book Nook", "Dragon book", "8.50", "Books");
  await decide(page, await submit(page, maya.id, "Pixel Games", "Racing game", "30.00", "Games"), "approved");
  for (const [store, item] of [
    ["Toy Town", "Drone"],
    ["=Sneaky Store", "Robot kit"],
    ["Pixel Games", "Game pass"],
  ] as const) {
    await decide(page, await submit(page, maya.id, store, item, "45.00"), "declined", "Let's save up for it");
  }
  await submit(page, leo.id, "Ball Shop", "Football", "9.00");

  // From the family dashboard to Maya's history.
  await page.goto("/");
  await page.getByRole("link", { name: "History of Maya" }).waitFor();
  await shoot(page, "history-links-family-dashboard", { prepare: still(page) });
  await page.getByRole("link", { name: "History of Maya" }).click();
  await page.waitForURL(`**/child/${maya.id}/history`);
  await page.getByRole("heading", { name: "Maya's spending history" }).waitFor();
  const insights = page.getByRole("region", { name: "What changed" });
  await insights.getByText("3 of Maya's 6 decided requests were declined this month").waitFor();
  await page.getByRole("region", { name: "Spending by month" }).locator("svg.recharts-surface").first().waitFor();
  const categories = page.getByRole("region", { name: "Spending by category" });
  await categories.getByText("$50.50 in all").waitFor();
  const list = page.getByRole("region", { name: "Every request" });
  await list.getByText("Declined by Sam").first().waitFor();
  await list.getByText("“Let's save up for it”").first().waitFor();
  await list.getByText("Approved by Sam").waitFor();
  expect(await list.getByRole("listitem").count()).toBe(6);
  await shoot(page, "history-child", { prepare: still(page) });

  // Filters: status, then category, then a month with nothing in it.
  const filters = page.getByRole("form", { name: "Filter the history" });
  await filters.getByLabel("Status").selectOption("declined");
  await expect.poll(() => list.getByRole("listitem").count()).toBe(3);
  await filters.getByLabel("Status").selectOption("");
  await filters.getByLabel("Category").fill("Games");
  await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
  await list.getByText("Racing game").waitFor();
  await shoot(page, "history-child-filtered", { prepare: still(page) });

  // The CSV holds exactly what the filters pick, with a formula-like store name made harmless.
  await filters.getByLabel("Category").fill("");
  await filters.getByLabel("Status").selectOption("declined");
  await expect.poll(() => list.getByRole("listitem").count()).toBe(3);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    filters.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("pocketwise-maya-history.csv");
  const csv = readFileSync(await download.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(csv[0]).toBe("Asked at,Child,Store,Items,Categories,Total,Status,Decided by,Decided at,Why,Order number");
  expect(csv).toHaveLength(4);
  expect(csv.slice(1).every((line) => line.includes(",45.00,declined,Sam,"))).toBe(true);
  expect(csv.some((line) => line.includes(",'=Sneaky Store,"))).toBe(true);

  const month = new Date().toISOString().slice(0, 7);
  const lastYear = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
  await filters.getByLabel("Month").fill(lastYear);
  await list.getByText("No requests match these filters.").waitFor();
  await filters.getByLabel("Month").fill(month);
  await expect.poll(() => list.getByRole("listitem").count()).toBe(3);

  // Maya's dashboard leads back to the full history.
  await page.goto(`/child/${maya.id}`);
  await page
    .getByRole("region", { name: "Recent Shopping" })
    .getByRole("link", { name: "See the full history" })
    .waitFor();
  await shoot(page, "history-links-child-dashboard", { prepare: still(page) });
  await page
    .getByRole("region", { name: "Recent Shopping" })
    .getByRole("link", { name: "See the full history" })
    .click();
  await page.getByRole("heading", { name: "Maya's spending history" }).waitFor();

  // The whole family's history, narrowed to Leo.
  await page.goto("/");
  await page.getByRole("link", { name: "Family spending history" }).click();
  await page.getByRole("heading", { name: "Family spending history" }).waitFor();
  const byChild = page.getByRole("list", { name: "Spent this month by child" });
  await byChild.getByText("$50.50 this month").waitFor();
  await byChild.getByText("$9.00 this month").waitFor();
  const familyList = page.getByRole("region", { name: "Every request" });
  await expect.poll(() => familyList.getByRole("listitem").count()).toBe(7);
  await familyList.getByText("Leo · Ball Shop").waitFor();
  await shoot(page, "history-family", { prepare: still(page) });
  await page.getByRole("form", { name: "Filter the history" }).getByLabel("Child").selectOption({ label: "Leo" });
  await expect.poll(() => familyList.getByRole("listitem").count()).toBe(1);

  expect(errors).toEqual([]);
});
