// @vitest-environment happy-dom
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents, formatDollars } from "../../../src/shared/rules/money";
import { MAX_PRICE_CENTS, NOT_USD_MESSAGE, normaliseCurrency, parsePriceCents } from "./price";

describe("parsePriceCents", () => {
  it.each([
    ["12.50", 1250],
    ["12.5", 1250],
    ["12", 1200],
    ["0", 0],
    ["0.99", 99],
    [".99", 99],
    ["12.", 1200],
    ["$12.50", 1250],
    ["US$ 12.50", 1250],
    ["USD 12.50", 1250],
    ["12.50 USD", 1250],
    ["12.50$", 1250],
    ["1,299.00", 129900],
    ["$1,299,999.99", 129999999],
    ["  7.99\u00a0", 799],
    ["12.500", 1250],
    ["0012.50", 1250],
    ["99999999.99", MAX_PRICE_CENTS],
    [12.5, 1250],
    [49, 4900],
    [0.1, 10],
  ] as const)("%j is %i cents", (value, cents) => {
    expect(parsePriceCents(value)).toEqual({ ok: true, cents });
  });

  it.each([
    ["-5", "The price is negative"],
    ["-$5.00", "The price is negative"],
    ["$-5.00", "The price is negative"],
    ["(5.00)", "The price is negative"],
    ["5.00-", "The price is negative"],
    ["\u22125.00", "The price is negative"],
    [-5, "The price is negative"],
    [-0, "The price is negative"],
    ["1e3", "The price is written with an exponent"],
    ["1.5E+2", "The price is written with an exponent"],
    [1e21, "The price is written with an exponent"],
    [1e-7, "The price is written with an exponent"],
    ["NaN", "The price is not a number"],
    ["Infinity", "The price is not a number"],
    [Number.NaN, "The price is not a number"],
    [Number.POSITIVE_INFINITY, "The price is not a number"],
    ["12.345", "The price has more than two decimals"],
    [0.30000000000000004, "The price has more than two decimals"],
    ["12,50", "The price is not a valid amount"],
    ["1,29.00", "The price is not a valid amount"],
    ["1.2.3", "The price is not a valid amount"],
    ["0x10", "The price is not a valid amount"],
    ["12abc", "The price is not a valid amount"],
    ["€12.50", NOT_USD_MESSAGE],
    ["£5", NOT_USD_MESSAGE],
    ["12.50 EUR", NOT_USD_MESSAGE],
    ["CAD 12.50", NOT_USD_MESSAGE],
    ["100000000.00", "The price is above what a cart can ask for"],
    ["", "The page shows no price"],
    ["   ", "The page shows no price"],
    [null, "The page shows no price"],
    [undefined, "The page shows no price"],
    [{ price: 1 }, "The page shows no price"],
    ["9".repeat(100), "The price is not a valid amount"],
  ] as const)("refuses %j: %s", (value, reason) => {
    expect(parsePriceCents(value)).toEqual({ ok: false, reason });
  });

  it("never throws and never answers a negative or fractional number of cents", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer(), fc.anything()), (value) => {
        const result = parsePriceCents(value);
        if (result.ok) {
          expect(Number.isSafeInteger(result.cents)).toBe(true);
          expect(result.cents).toBeGreaterThanOrEqual(0);
          expect(result.cents).toBeLessThanOrEqual(MAX_PRICE_CENTS);
        } else {
          expect(result.reason.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on strings made of price characters", () => {
    const priceCharacters = fc.string({ unit: fc.constantFrom(..."0123456789.,-+$eE €()USD ") });
    fc.assert(
      fc.property(priceCharacters, (value) => {
        const result = parsePriceCents(value);
        expect(!result.ok || result.cents >= 0).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("round-trips formatted cents, as the contract writes them and as screens show them", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_CENTS }), (cents) => {
        expect(parsePriceCents(formatCents(cents))).toEqual({ ok: true, cents });
        expect(parsePriceCents(formatDollars(cents))).toEqual({ ok: true, cents });
        expect(parsePriceCents(cents / 100)).toEqual({ ok: true, cents });
      }),
      { numRuns: 2000 },
    );
  });
});

describe("normaliseCurrency", () => {
  it.each([
    ["USD", "USD"],
    [" usd ", "USD"],
    ["$", "USD"],
    ["US$", "USD"],
    ["EUR", "EUR"],
    ["", null],
    [undefined, null],
    [42, null],
  ] as const)("%j is %j", (value, expected) => {
    expect(normaliseCurrency(value)).toBe(expected);
  });
});
