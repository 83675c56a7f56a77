import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { ARTIFACTS_DIR } from "./browser";

/** Saves only what is on screen (for dialogs over long pages): <name>-<width>.png. */
export async function screenshotViewport(page: Page, name: string) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${width}.png`) });
}
