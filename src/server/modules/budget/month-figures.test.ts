import { describe, expect, it } from "vitest";
import type { ChildRow, UserRow } from "../../db/schema";
import { monthEndPending } from "./badges";
import { monthAmounts, monthlyPurchasesUsed, previousMonthKey } from "./month-figures";

const child = (fields: Partial<ChildRow>) =>
  ({
    monthlyBudget: 5000,
    currentSpent: 1200,
    spentMonth: "2026-03",
    bonusBudget: 300,
    bonusMonth: "2026-03",
    goalTransfers: 400,
    goalMonth: "2026-03",
    reviewedMonth: "2026-02",
    ...fields,
  }) as ChildRow;

// docs/product-contract.md "Carts: the purchase flow": amounts start from zero on the 1st of each month, UTC.
describe("the month boundary", () => {
  it.each<[string, string, { spent: number; bonus: number; saved: number; budget: number; month: string }]>([
    [
      "the last instant of March",
      "2026-03-31T23:59:59.999Z",
      { spent: 1200, bonus: 300, saved: 400, budget: 4900, month: "2026-03" },
    ],
    [
      "the first instant of April",
      "2026-04-01T00:00:00.000Z",
      { spent: 0, bonus: 0, saved: 0, budget: 5000, month: "2026-04" },
    ],
    [
      "April 1st in a zone behind UTC",
      "2026-03-31T20:00:00-05:00",
      { spent: 0, bonus: 0, saved: 0, budget: 5000, month: "2026-04" },
    ],
    ["a year later", "2027-03-15T12:00:00Z", { spent: 0, bonus: 0, saved: 0, budget: 5000, month: "2027-03" }],
  ])("monthAmounts at %s", (_name, now, expected) => {
    expect(monthAmounts(child({}), new Date(now))).toEqual(expected);
  });

  // docs/decisions/153: a goal deleted in March that saved in February gives its money back to March's budget.
  it("money a deleted goal gives back raises the month's budget", () => {
    expect(monthAmounts(child({ goalTransfers: -700 }), new Date("2026-03-10T00:00:00Z"))).toMatchObject({
      saved: -700,
      budget: 6000,
    });
  });

  it.each<[string, string]>([
    ["2026-03-01T00:00:00Z", "2026-02"],
    ["2026-03-31T23:59:59Z", "2026-02"],
    ["2026-01-01T00:00:00Z", "2025-12"],
    ["2024-03-31T12:00:00Z", "2024-02"],
  ])("previousMonthKey(%s) is %s", (now, expected) => {
    expect(previousMonthKey(new Date(now))).toBe(expected);
  });

  it.each<[string, string, number]>([
    ["counted this month", "2026-03-01T00:00:00Z", 4],
    ["counted in an earlier month", "2026-02-28T23:59:59Z", 0],
  ])("monthlyPurchasesUsed when %s", (_name, lastResetDate, expected) => {
    const user = { monthlyPurchases: 4, lastResetDate: new Date(lastResetDate) } as UserRow;
    expect(monthlyPurchasesUsed(user, new Date("2026-03-20T10:00:00Z"))).toBe(expected);
  });

  it.each<[string, string, boolean]>([
    ["2026-02", "2026-03-20T10:00:00Z", false],
    ["2026-03", "2026-03-20T10:00:00Z", false],
    ["2026-02", "2026-04-01T00:00:00Z", true],
    ["", "2026-03-20T10:00:00Z", true],
  ])("a month reviewed through %s has a month end pending at %s: %s", (reviewedMonth, now, expected) => {
    expect(monthEndPending(child({ reviewedMonth }), new Date(now))).toBe(expected);
  });
});
