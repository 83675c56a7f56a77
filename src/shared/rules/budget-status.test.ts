import { describe, expect, test } from "vitest";
import { budgetStatus, budgetTone } from "./budget-status";

describe("budgetTone (spec 000 §2: amber above 75 percent, red above 90)", () => {
  test.each([
    [0, "green"],
    [50, "green"],
    [75, "green"],
    [75.01, "amber"],
    [76, "amber"],
    [90, "amber"],
    [90.01, "red"],
    [91, "red"],
    [100, "red"],
    [150, "red"],
  ] as const)("%s%% spent is %s", (percent, tone) => {
    expect(budgetTone(percent)).toBe(tone);
  });
});

describe("budgetStatus", () => {
  test.each([
    // spent, budget, tone, warning, left
    [0, 5000, "green", false, 5000],
    [3750, 5000, "green", false, 1250],
    [3751, 5000, "amber", false, 1249],
    [4500, 5000, "amber", false, 500],
    [4501, 5000, "red", true, 499],
    [5000, 5000, "red", true, 0],
    [6000, 5000, "red", true, -1000],
    [0, 0, "green", false, 0],
    [100, 0, "red", true, -100],
  ] as const)("%i of %i cents is %s (warning %s, %i left)", (spent, budget, tone, warning, left) => {
    const status = budgetStatus(spent, budget);
    expect(status.tone).toBe(tone);
    expect(status.warning).toBe(warning);
    expect(status.leftCents).toBe(left);
  });
});
