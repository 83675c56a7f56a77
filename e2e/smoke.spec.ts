import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, MOBILE, openPage, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("an unknown path shows the not-found page", async () => {
  for (const viewport of [undefined, MOBILE]) {
    const { page, context, errors } = await openPage(browser, viewport);
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" }).isVisible()).resolves.toBe(true);
    await screenshot(page, "not-found");
    expect(errors).toEqual([]);
    await context.close();
  }
});
