import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seriousAxeViolations } from "./support/axe";
import { DESKTOP, launchBrowser, MOBILE, openPage } from "./support/browser";
import { createChildViaApi, newParentAccount, signUpParentViaApi } from "./support/parent";
import { screenshotViewport } from "./support/screens";
import { hasNoHorizontalScroll, visible } from "./support/wait";

/*
 * Decision 164: Pending Approvals shows the first 50 carts waiting and "Show more" follows the answer's
 * Link header to the rest, without repeating any.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("with 60 carts waiting, Pending Approvals shows 50 and then the other 10 on Show more", async () => {
  const parent = await openPage(browser);
  await signUpParentViaApi(parent.page, "/", newParentAccount("Alex", "Rivera"));
  const child = await createChildViaApi(parent.page, {
    name: "Maya",
    age: 13,
    monthlyBudget: "500.00",
    autoApprovalLimit: "1.00",
  });
  // A parent's own carts are not limited (decision 163) and, over the auto-approval limit, they wait.
  const statuses = await parent.page.evaluate(async (childId) => {
    const made: string[] = [];
    for (let i = 1; i <= 60; i++) {
      const res = await fetch(`/api/children/${childId}/carts`, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ retailer: `Shop ${i}`, items: [{ name: `Thing ${i}`, price: "2.00", quantity: 1 }] }),
      });
      made.push(res.ok ? ((await res.json()) as { status: string }).status : String(res.status));
    }
    return made;
  }, child.id);
  expect(new Set(statuses)).toEqual(new Set(["pending"]));

  await parent.page.goto("/");
  const pending = parent.page.getByRole("region", { name: "Pending Approvals" });
  await visible(parent.page, "heading", "Pending Approvals");
  const rows = pending.getByRole("list").first().locator(":scope > li");
  await rows.nth(49).waitFor();
  expect(await rows.count()).toBe(50);
  // Newest first: the last cart sent leads, the tenth is not shown yet.
  expect(await rows.first().textContent()).toContain("Shop 60");
  expect(await pending.getByText("Shop 10", { exact: true }).count()).toBe(0);

  const more = pending.getByRole("button", { name: "Show more" });
  expect(await seriousAxeViolations(parent.page)).toEqual([]);
  for (const size of [MOBILE, DESKTOP]) {
    await parent.page.setViewportSize(size);
    expect(await hasNoHorizontalScroll(parent.page)).toBe(true);
    await more.scrollIntoViewIfNeeded();
    await screenshotViewport(parent.page, "pending-approvals-show-more");
  }

  await more.click();
  await rows.nth(59).waitFor();
  await more.waitFor({ state: "detached" });
  expect(await rows.count()).toBe(60);
  const shops = await rows.evaluateAll((lis) => lis.map((li) => /Shop \d+/.exec(li.textContent ?? "")?.[0]));
  expect(new Set(shops).size).toBe(60);
  expect(shops.at(-1)).toBe("Shop 1");
  expect(parent.errors).toEqual([]);
  await rows.last().scrollIntoViewIfNeeded();
  await screenshotViewport(parent.page, "pending-approvals-all-shown");
});
