import { describe, expect, test } from "vitest";
import { estimateSavings, planCostCents, recommendedPlanName } from "./savings-calculator";

describe("plan cost by number of children (spec 001 §9)", () => {
  test.each([
    [1, 0, "Free"],
    [2, 999, "Family Plan"],
    [5, 999, "Family Plan"],
    [6, 1999, "Premium"],
    [8, 1999, "Premium"],
  ] as const)("%i children cost %i cents a month on %s", (children, cents, plan) => {
    expect(planCostCents(children)).toBe(cents);
    expect(recommendedPlanName(children)).toBe(plan);
  });
});

describe("estimateSavings", () => {
  test.each([
    // children, spending $, overspend $, savings ¢, net ¢, annual ¢
    { children: 1, spending: 50, overspend: 0, savings: 250, net: 250, annual: 3000 },
    { children: 2, spending: 300, overspend: 50, savings: 5500, net: 4501, annual: 66000 },
    { children: 5, spending: 1000, overspend: 200, savings: 21000, net: 20001, annual: 252000 },
    { children: 6, spending: 50, overspend: 0, savings: 250, net: -1749, annual: 3000 },
    { children: 8, spending: 475, overspend: 130, savings: 12775, net: 10776, annual: 153300 },
  ])("$children children, $$spending spent, $$overspend over: saves $savings¢", (row) => {
    expect(
      estimateSavings({
        children: row.children,
        monthlySpendingCents: row.spending * 100,
        monthlyOverspendCents: row.overspend * 100,
      }),
    ).toEqual({
      planCostCents: planCostCents(row.children),
      monthlySavingsCents: row.savings,
      netMonthlyCents: row.net,
      annualSavingsCents: row.annual,
    });
  });

  test("fractional cents round half up to whole cents", () => {
    // 5% of $0.10 is half a cent.
    expect(
      estimateSavings({ children: 1, monthlySpendingCents: 10, monthlyOverspendCents: 0 }).monthlySavingsCents,
    ).toBe(1);
    // 80% of $0.01 is 0.8 of a cent, 5% of $0.01 is 0.05: 0.85 rounds to 1.
    expect(
      estimateSavings({ children: 1, monthlySpendingCents: 1, monthlyOverspendCents: 1 }).monthlySavingsCents,
    ).toBe(1);
  });
});
