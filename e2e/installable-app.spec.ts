import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seriousAxeViolations } from "./support/axe";
import { ARTIFACTS_DIR, baseUrl, DESKTOP, launchBrowser, MOBILE, openPage } from "./support/browser";
import { signUpParentViaApi } from "./support/parent";
import { overflowing, seeText } from "./support/wait";

/*
 * The installable app and the notifications switch (docs/decisions/132). Chromium here has no push service
 * (Playwright's contexts are incognito, where Chrome offers no Push API, and there is no network to a push
 * service anyway), so no test here receives a real push: delivery, encryption and the push service's answers
 * are tested against a local push service in src/server/modules/push/push.test.ts. Here: what a browser sees
 * of the manifest and the service worker, and that the switch tells the truth about this browser.
 */

/** What Chromium itself logs when the page asks an incognito context for a push subscription, as we do. */
const INCOGNITO_PUSH = "Chrome currently does not support the Push API in incognito mode";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test("the app is installable: a manifest with icons, and a service worker that caches nothing", async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto("/");
  expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
  expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute("href")).toBe("/icons/apple-touch-icon.png");

  const manifestRes = await page.request.get("/manifest.webmanifest");
  expect(manifestRes.status()).toBe(200);
  expect(manifestRes.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestRes.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: "Pocketwise", start_url: "/", display: "standalone", theme_color: "#6d28d9" });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of [...manifest.icons, { src: "/icons/apple-touch-icon.png", sizes: "180x180" }]) {
    const res = await page.request.get(icon.src);
    expect(res.headers()["content-type"], icon.src).toBe("image/png");
    const [width, height] = icon.sizes.split("x").map(Number);
    expect(pngSize(await res.body()), icon.src).toEqual({ width, height });
  }

  const worker = await page.request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["cache-control"]).toBe("no-cache");

  // main.tsx registers it once the page has loaded (production builds only, which these journeys run).
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL, updateViaCache: ready.updateViaCache };
  });
  expect(registration).toEqual({ scope: `${baseUrl()}/`, script: `${baseUrl()}/sw.js`, updateViaCache: "none" });
  // Nothing is kept for offline use, so a new build is never hidden behind an old one.
  await page.reload();
  expect(await page.evaluate(() => caches.keys())).toEqual([]);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseUrl()}/sw.js`);
  expect(errors).toEqual([]);
  await context.close();
});

const card = (page: Page) => page.getByRole("region", { name: "Notifications on this device" });
const alertsSwitch = (page: Page) => card(page).getByRole("switch", { name: "Alerts on this device" });

async function screenshotCard(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await card(page).screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${width}.png`) });
}

for (const viewport of [DESKTOP, MOBILE]) {
  test(`the Parent Center's notifications switch says what this browser allows, at ${viewport.width} px`, async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await signUpParentViaApi(page, "/parent");

    // A new browser has not been asked yet: off, and the switch can turn it on.
    await card(page).waitFor();
    await seeText(page, "Off. Turn on to get alerts here.");
    expect(await alertsSwitch(page).isChecked()).toBe(false);
    expect(await alertsSwitch(page).isEnabled()).toBe(true);
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotCard(page, "device-notifications-off");

    // Allowed, but this browser has no push service to subscribe with: it says so and stays off.
    await context.grantPermissions(["notifications"], { origin: baseUrl() });
    await alertsSwitch(page).click();
    await seeText(page, "This browser could not reach its notification service. Try again later.");
    await seeText(page, "Off. Turn on to get alerts here.");
    expect(await alertsSwitch(page).isChecked()).toBe(false);

    // Blocked in the browser's settings: the switch cannot be used and the card says where to change it.
    // Playwright can grant a permission but not deny one; Chromium's own protocol can, for this context.
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send("Target.getTargetInfo");
    await cdp.send("Browser.setPermission", {
      permission: { name: "notifications" },
      setting: "denied",
      origin: baseUrl(),
      browserContextId: targetInfo.browserContextId,
    });
    await page.reload();
    await seeText(page, "Blocked in this browser's settings.");
    await seeText(page, "set Notifications to Allow");
    expect(await alertsSwitch(page).isDisabled()).toBe(true);
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotCard(page, "device-notifications-blocked");

    // The one error is the browser's own, for the subscription this test asked for knowing it would fail.
    expect(errors.filter((e) => !e.startsWith(INCOGNITO_PUSH))).toEqual([]);
    await context.close();
  });
}
