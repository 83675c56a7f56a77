import { describe, expect, test } from "vitest";
import { type ChildFigures, INSIGHT_THRESHOLDS, type MonthFigures, spendingInsights } from "./insights";

const month = (
  spentCents: number,
  categories: Record<string, number> = {},
  counts: { approved?: number; declined?: number } = {},
): MonthFigures => ({
  spentCents,
  approved: counts.approved ?? 0,
  declined: counts.declined ?? 0,
  categories: Object.entries(categories).map(([category, cents]) => ({
    category: category === "(none)" ? null : category,
    cents,
  })),
});

const maya = (thisMonth: MonthFigures, lastMonth: MonthFigures): ChildFigures => ({
  childId: "c1",
  name: "Maya",
  thisMonth,
  lastMonth,
});

describe("spendingInsights: category shifts", () => {
  test.each([
    // this month's categories, last month's, expected message or null
    [{ games: 6000, books: 4000 }, { games: 3000, books: 7000 }, "Maya spent 60% on games this month, up from 30%"],
    [{ games: 2000, books: 8000 }, { games: 6000, books: 4000 }, "Maya spent 80% on books this month, up from 40%"],
    // a 14-point move is below the threshold
    [{ games: 4400, books: 5600 }, { games: 3000, books: 7000 }, null],
    // exactly 15 points counts
    [{ games: 4500, books: 5500 }, { games: 3000, books: 7000 }, "Maya spent 45% on games this month, up from 30%"],
    // a category new this month
    [{ games: 5000, books: 5000 }, { books: 10000 }, "Maya spent 50% on games this month, up from 0%"],
    // a category gone this month: what grew is named on a tie
    [{ books: 10000 }, { games: 4000, books: 6000 }, "Maya spent 100% on books this month, up from 60%"],
    [{ books: 7000, toys: 3000 }, { games: 5000, books: 5000 }, "Maya spent 0% on games this month, down from 50%"],
    // moves among small shares are noise (both under 25%)
    [{ a: 2000, b: 4000, c: 4000 }, { a: 500, b: 4750, c: 4750 }, null],
    // items with no category are never named
    [
      { "(none)": 9000, games: 1000 },
      { "(none)": 1000, games: 9000 },
      "Maya spent 10% on games this month, down from 90%",
    ],
  ])("%o after %o", (now, before, expected) => {
    const sum = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    const insights = spendingInsights([maya(month(sum(now), now), month(sum(before), before))]).filter(
      (i) => i.kind === "category_shift",
    );
    expect(insights.map((i) => i.message)).toEqual(expected ? [expected] : []);
  });

  test("no shares below the minimum spent", () => {
    const small = INSIGHT_THRESHOLDS.minSpentForShares - 1;
    expect(spendingInsights([maya(month(small, { games: small }), month(5000, { books: 5000 }))])).toEqual([]);
  });
});

describe("spendingInsights: spending that jumped", () => {
  test.each([
    // this month, last month, expected
    [3000, 2000, "Maya has spent $30.00 this month, up from $20.00 in all of last month"],
    [2999, 2000, null],
    // last month too small to compare with
    [5000, 999, null],
    [0, 0, null],
  ])("%i cents after %i", (now, before, expected) => {
    const insights = spendingInsights([maya(month(now), month(before))]);
    expect(insights.map((i) => i.message)).toEqual(expected ? [expected] : []);
  });
});

describe("spendingInsights: declines", () => {
  test.each([
    // approved, declined, expected
    [3, 3, "3 of Maya's 6 decided requests were declined this month"],
    [0, 3, "3 of Maya's 3 decided requests were declined this month"],
    [4, 3, null],
    [0, 2, null],
  ])("%i approved, %i declined", (approved, declined, expected) => {
    const insights = spendingInsights([maya(month(0, {}, { approved, declined }), month(0))]);
    expect(insights.map((i) => i.message)).toEqual(expected ? [expected] : []);
  });
});

describe("spendingInsights: the list", () => {
  test("declines first, then shifts, then jumps, and at most five", () => {
    const busy = (childId: string, name: string): ChildFigures => ({
      childId,
      name,
      thisMonth: month(9000, { games: 9000 }, { approved: 1, declined: 4 }),
      lastMonth: month(2000, { books: 2000 }),
    });
    const insights = spendingInsights([busy("a", "Ann"), busy("b", "Ben")]);
    expect(insights.map((i) => `${i.childId} ${i.kind}`)).toEqual([
      "a many_declines",
      "b many_declines",
      "a category_shift",
      "b category_shift",
      "a spent_more",
    ]);
  });

  test("nothing to say about a quiet family", () => {
    expect(spendingInsights([])).toEqual([]);
    expect(spendingInsights([maya(month(0), month(0))])).toEqual([]);
  });
});
