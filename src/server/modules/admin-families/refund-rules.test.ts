import { describe, expect, it } from "vitest";
import { ALREADY_REFUNDED, isShownCharge, TOO_OLD, whyNotRefundable } from "./refund-rules";

const NOW = new Date("2026-05-31T12:00:00Z");
const daysAgo = (days: number, extraMs = 0) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000 - extraMs);

describe("whyNotRefundable (the legal pages: refunds within 30 days)", () => {
  it.each([
    ["made just now", { amount: 999, amountRefunded: 0, created: NOW }, null],
    ["made 29 days ago", { amount: 999, amountRefunded: 0, created: daysAgo(29) }, null],
    ["made exactly 30 days ago", { amount: 999, amountRefunded: 0, created: daysAgo(30) }, null],
    ["made 30 days and a second ago", { amount: 999, amountRefunded: 0, created: daysAgo(30, 1000) }, TOO_OLD],
    ["made 45 days ago", { amount: 999, amountRefunded: 0, created: daysAgo(45) }, TOO_OLD],
    ["partly refunded", { amount: 999, amountRefunded: 500, created: daysAgo(3) }, null],
    ["fully refunded", { amount: 999, amountRefunded: 999, created: daysAgo(3) }, ALREADY_REFUNDED],
    ["fully refunded and old", { amount: 999, amountRefunded: 999, created: daysAgo(60) }, ALREADY_REFUNDED],
  ])("%s", (_, charge, expected) => {
    expect(whyNotRefundable(charge, NOW)).toBe(expected);
  });
});

describe("isShownCharge (the last 90 days)", () => {
  it.each([
    [daysAgo(0), true],
    [daysAgo(90), true],
    [daysAgo(90, 1000), false],
    [daysAgo(400), false],
  ])("%s", (created, expected) => {
    expect(isShownCharge(created, NOW)).toBe(expected);
  });
});
