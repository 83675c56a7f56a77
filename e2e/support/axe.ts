import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** Serious and critical accessibility violations on what is on screen now, one readable line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
