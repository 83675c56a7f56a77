import type { Page } from "playwright-core";

/** Resolves when an element with this role and accessible name is visible. */
export async function visible(page: Page, role: Parameters<Page["getByRole"]>[0], name: string | RegExp) {
  await page.getByRole(role, { name }).first().waitFor({ state: "visible" });
}

/** Resolves when this text is visible somewhere on the page. */
export async function seeText(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: "visible" });
}

/** The document is no wider than the viewport: no horizontal scroll. */
export async function hasNoHorizontalScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * Elements that reach past the right edge of the viewport, for a readable failure message.
 * Toasts are left out: they slide in from and out past the right edge by design, so one caught
 * mid-animation would fail a check about the page's own layout.
 */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => !el.closest('[role="region"][aria-label^="Notifications"]'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} "${el.textContent?.trim().slice(0, 40)}"`,
      ),
  );
}
