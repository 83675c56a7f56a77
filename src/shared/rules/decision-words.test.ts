import { describe, expect, it } from "vitest";
import { EXPIRED_NOTE } from "./approval-window";
import { type DecidedCart, decidedByWords, isExpiredCart } from "./decision-words";

const gabe = { firstName: "Gabe" };

describe("decidedByWords", () => {
  it.each<[string, DecidedCart, string | null]>([
    ["waiting", { status: "pending", decidedBy: null, decisionNote: null }, null],
    ["approved at once by the rules", { status: "approved", decidedBy: null, decisionNote: null }, null],
    ["approved by a guardian", { status: "approved", decidedBy: gabe, decisionNote: null }, "Approved by Gabe"],
    ["completed after Gabe approved", { status: "completed", decidedBy: gabe, decisionNote: null }, "Approved by Gabe"],
    [
      "declined with a note",
      { status: "declined", decidedBy: { firstName: "Olivia" }, decisionNote: "Not this week" },
      "Declined by Olivia",
    ],
    [
      "a guardian without a first name",
      { status: "declined", decidedBy: { firstName: null }, decisionNote: null },
      "Declined by a parent",
    ],
    ["expired", { status: "declined", decidedBy: null, decisionNote: EXPIRED_NOTE }, "Expired"],
  ])("%s", (_case, cart, words) => {
    expect(decidedByWords(cart)).toBe(words);
  });

  it("a guardian who writes the expiry note as their own reason has declined, not let it expire", () => {
    const cart: DecidedCart = { status: "declined", decidedBy: gabe, decisionNote: EXPIRED_NOTE };
    expect(isExpiredCart(cart)).toBe(false);
    expect(decidedByWords(cart)).toBe("Declined by Gabe");
  });
});
