import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents, formatDollars, isAmount, parseCents, parseNumericCents, percentSpent } from "./money";

describe("isAmount (docs/product-contract.md, Money: ^\\d{1,8}(\\.\\d{1,2})?$)", () => {
  it.each(["0", "5", "50.00", "50.0", "50.5", "0.01", "12345678", "12345678.99", "007.10"])("accepts %j", (value) => {
    expect(isAmount(value)).toBe(true);
  });

  it.each([
    "",
    " ",
    "-5",
    "-5.00",
    "+5",
    "NaN",
    "Infinity",
    "1e3",
    "1E3",
    "0x10",
    "1.234",
    "1.",
    ".5",
    "123456789",
    "1,000.00",
    "$5.00",
    "5.00 ",
    " 5.00",
    "5..00",
    "５",
    "5\n",
  ])("refuses %j", (value) => {
    expect(isAmount(value)).toBe(false);
  });
});

describe("parseCents", () => {
  it.each([
    ["0", 0],
    ["0.01", 1],
    ["0.1", 10],
    ["12.5", 1250],
    ["12.50", 1250],
    ["50", 5000],
    ["007.10", 710],
    ["12345678.99", 1234567899],
    // The classic floating-point traps stay exact in cents.
    ["0.29", 29],
    ["1.15", 115],
    ["4.35", 435],
  ])("%j is %i cents", (value, cents) => {
    expect(parseCents(value)).toBe(cents);
  });

  it.each(["", "-1", "NaN", "1e3", "1.234", "abc", "123456789"])("throws on %j", (value) => {
    expect(() => parseCents(value)).toThrow(RangeError);
  });
});

describe("formatCents", () => {
  it.each([
    [0, "0.00"],
    [1, "0.01"],
    [10, "0.10"],
    [1250, "12.50"],
    [100000, "1000.00"],
    [1234567899, "12345678.99"],
    [-1, "-0.01"],
    [-1250, "-12.50"],
  ])("%i cents is %j", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])("throws on %d", (cents) => {
    expect(() => formatCents(cents)).toThrow(RangeError);
  });
});

describe("parseNumericCents (what PostgreSQL answers for numeric(10,2))", () => {
  it.each([
    ["0.00", 0],
    ["12.50", 1250],
    ["-12.50", -1250],
    ["99999999.99", 9999999999],
  ])("%j is %i cents", (value, cents) => {
    expect(parseNumericCents(value)).toBe(cents);
  });
});

describe("formatDollars", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [1250, "$12.50"],
    [123456789, "$1,234,567.89"],
    [-1250, "-$12.50"],
  ])("%i cents is %j", (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });
});

describe("percentSpent", () => {
  it.each([
    [0, 5000, 0],
    [3750, 5000, 75],
    [5000, 5000, 100],
    [6000, 5000, 120],
    [0, 0, 0],
    [100, 0, 100],
  ])("%i of %i is %d percent", (spent, budget, percent) => {
    expect(percentSpent(spent, budget)).toBe(percent);
  });
});

describe("properties", () => {
  /** Any valid amount: 1-8 digits, optionally a point and 1-2 more. */
  const amount = fc
    .tuple(fc.stringMatching(/^\d{1,8}$/), fc.option(fc.stringMatching(/^\d{1,2}$/), { nil: undefined }))
    .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));
  const cents = fc.integer({ min: 0, max: 9_999_999_999 });

  it("formatCents(parseCents(x)) is x written with exactly two decimals and no leading zeros", () => {
    fc.assert(
      fc.property(amount, (x) => {
        const text = formatCents(parseCents(x));
        expect(text).toMatch(/^(0|[1-9]\d{0,7})\.\d{2}$/);
        expect(isAmount(text)).toBe(true);
        // Same value: parsing it again gives the same cents, and it equals x as a decimal number.
        expect(parseCents(text)).toBe(parseCents(x));
        const [w = "", f = ""] = x.split(".");
        expect(text).toBe(`${BigInt(w)}.${f.padEnd(2, "0")}`);
      }),
    );
  });

  it("parseCents(formatCents(c)) is c for every storable amount", () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(parseCents(formatCents(c))).toBe(c);
        expect(parseNumericCents(formatCents(-c)) === -c).toBe(true);
      }),
    );
  });

  it("adding in cents never drifts, unlike adding floats", () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 50 }), (amounts) => {
        const total = amounts.reduce((sum, a) => sum + parseCents(a), 0);
        expect(Number.isSafeInteger(total)).toBe(true);
        const bigTotal = amounts.reduce((sum, a) => {
          const [w = "0", f = ""] = a.split(".");
          return sum + BigInt(w) * 100n + BigInt(f.padEnd(2, "0"));
        }, 0n);
        expect(BigInt(total)).toBe(bigTotal);
      }),
    );
  });

  it("anything that is not a valid amount is refused, never read as a number", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isAmount(s)) expect(parseCents(s)).toBeGreaterThanOrEqual(0);
        else expect(() => parseCents(s)).toThrow(RangeError);
      }),
    );
  });
});
