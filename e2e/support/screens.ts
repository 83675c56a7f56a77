import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { seriousAxeViolations } from "./axe";
import { ARTIFACTS_DIR, DESKTOP, MOBILE, screenshot } from "./browser";
import { overflowing } from "./wait";

/** Saves only what is on screen (for dialogs over long pages): <name>-<width>.png. */
export async function screenshotViewport(page: Page, name: string) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${width}.png`) });
}

/** Closes every toast on the page and waits until none is open, so a picture shows the screen itself. */
export async function closeToasts(page: Page) {
  const toasts = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
  for (const close of await toasts.getByRole("button", { name: "Close" }).all()) await close.click();
  await page.waitForFunction(() => document.querySelectorAll("[data-state=open][data-swipe-direction]").length === 0);
}

export interface ShootOptions {
  /** Saves only what is on screen: for dialogs, and for one part of a long page. */
  viewport?: boolean;
  /** Runs at each width before the checks, such as scrolling a card into view. */
  prepare?: (size: { width: number; height: number }) => Promise<void>;
}

/**
 * Checks that the screen fits (nothing past the right edge) and has no serious accessibility violation at
 * 1280 and at 390 px, saves it at both, and goes back to 1280.
 */
export async function shoot(page: Page, name: string, { viewport = false, prepare }: ShootOptions = {}) {
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await prepare?.(size);
    expect(await overflowing(page), `${name} at ${size.width}`).toEqual([]);
    expect(await seriousAxeViolations(page), `${name} at ${size.width}`).toEqual([]);
    await (viewport ? screenshotViewport(page, name) : screenshot(page, name));
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * Saves one part of a long page (a card) at 1280 and 390 px, after the same checks as `shoot`, with toasts
 * closed. At the top the header sticks to the page's top, so the part's box is where it is on the page.
 */
export async function shootPart(page: Page, part: Locator, name: string) {
  await closeToasts(page);
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await overflowing(page), `${name} at ${size.width}`).toEqual([]);
    expect(await seriousAxeViolations(page), `${name} at ${size.width}`).toEqual([]);
    const box = await part.boundingBox();
    if (!box) throw new Error(`${name} is not on screen`);
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${size.width}.png`), fullPage: true, clip: box });
  }
  await page.setViewportSize(DESKTOP);
}
