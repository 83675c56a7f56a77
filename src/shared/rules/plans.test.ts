import { describe, expect, it } from "vitest";
import {
  canAddActiveChild,
  childLimitMessage,
  mayShopOnPlan,
  planFor,
  purchaseLimitMessage,
  purchasesLeft,
  shoppingPausedMessage,
} from "./plans";

describe("active children per plan (docs/product-contract.md, Children and plans: Free 1, Family Plan 5, Premium and Family Plus unlimited)", () => {
  it.each([
    ["free", 0, true],
    ["free", 1, false],
    ["family", 4, true],
    ["family", 5, false],
    ["premium", 500, true],
    ["family_plus", 500, true],
    ["unknown tier", 1, false],
  ])("%s with %i active children may add another: %s", (tier, active, expected) => {
    expect(canAddActiveChild(tier, active)).toBe(expected);
  });

  it("names the plan and the upgrade when the limit is reached", () => {
    expect(childLimitMessage("free")).toBe(
      "Your Free plan allows 1 active child. Upgrade to the Family Plan to add more.",
    );
    expect(childLimitMessage("family")).toBe(
      "Your Family Plan allows 5 active children. Upgrade to Premium to add more.",
    );
  });
});

describe("approved purchases a month", () => {
  it.each([
    ["free", 0, undefined, 5],
    ["free", 4, undefined, 1],
    ["free", 5, undefined, 0],
    ["free", 9, undefined, 0],
    ["free", 2, 3, 1],
    ["family", 1000, undefined, null],
    ["premium", 0, 3, null],
  ])("%s with %i used (own limit %s) has %s left", (tier, used, own, expected) => {
    expect(purchasesLeft(tier, used, own)).toBe(expected);
  });

  it("quotes the limit that was actually reached", () => {
    expect(purchaseLimitMessage("free")).toBe(
      "Your Free plan includes 5 approved purchases a month, and they are used. Upgrade to the Family Plan for unlimited purchases.",
    );
    expect(purchaseLimitMessage("free", 3)).toContain("includes 3 approved purchases");
  });

  it("treats an unknown tier as the Free plan", () => {
    expect(planFor("gold")).toEqual(planFor("free"));
  });
});

describe("who may shop when the plan allows fewer active children than the family has (decision 162)", () => {
  it.each([
    ["free", 0, true],
    ["free", 1, false],
    ["family", 4, true],
    ["family", 5, false],
    ["premium", 40, true],
    ["family_plus", 40, true],
  ])("%s with %i active children added before: %s", (tier, before, allowed) => {
    expect(mayShopOnPlan(tier, before)).toBe(allowed);
  });

  it("says how many may shop", () => {
    expect(shoppingPausedMessage("family")).toContain("only 5 children shop");
    expect(shoppingPausedMessage("free")).toContain("only 1 child shop");
  });
});
