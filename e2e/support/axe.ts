import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * Lets entrance and exit animations (a toast fading in, a dialog closing) end first: half-way through, text
 * is half transparent and its contrast is judged as it looks in that instant. Endless ones (spinners) are
 * left running.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Serious and critical accessibility violations on what is on screen now, one readable line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
