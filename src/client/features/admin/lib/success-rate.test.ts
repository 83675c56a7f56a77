import { describe, expect, test } from "vitest";
import { successRate } from "./success-rate";

describe("successRate (spec 001 §9)", () => {
  test.each([
    { stats: [], rate: 0 },
    { stats: [{ status: "running" as const, count: 3 }], rate: 0 },
    { stats: [{ status: "completed" as const, count: 4 }], rate: 100 },
    {
      stats: [
        { status: "completed" as const, count: 2 },
        { status: "failed" as const, count: 1 },
      ],
      rate: 67,
    },
    {
      stats: [
        { status: "completed" as const, count: 1 },
        { status: "waiting" as const, count: 7 },
      ],
      rate: 13,
    },
  ])("$stats -> $rate%", ({ stats, rate }) => {
    expect(successRate(stats)).toBe(rate);
  });
});
