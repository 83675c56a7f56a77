import { describe, expect, it } from "vitest";
import { type AutoApprovalInput, type CategoryShare, decideAutoApproval } from "./auto-approval";

const base: AutoApprovalInput = {
  total: 800,
  autoApprovalLimit: 1000,
  spent: 0,
  budget: 5000,
  requireApprovalForAll: false,
  purchasesLeft: null,
  categories: [],
};
const games: CategoryShare = { name: "Games", isRestricted: false, monthlyLimit: 0, spent: 0, amount: 800 };

describe("decideAutoApproval", () => {
  it.each<[string, Partial<AutoApprovalInput>, boolean, string]>([
    ["well under every limit", {}, true, "Approved automatically: under your $10.00 limit"],
    ["exactly at the auto-approval limit", { total: 1000 }, true, "Approved automatically: under your $10.00 limit"],
    ["one cent over the limit", { total: 1001 }, false, "Needs a parent: over the $10.00 auto-approval limit"],
    ["a zero limit", { autoApprovalLimit: 0, total: 1 }, false, "Needs a parent: over the $0.00 auto-approval limit"],
    ["spending exactly to the budget", { spent: 4200 }, true, "Approved automatically: under your $10.00 limit"],
    ["one cent over the budget", { spent: 4201 }, false, "Needs a parent: would go over this month's budget"],
    [
      "a budget raised by chores",
      { spent: 4500, budget: 5300 },
      true,
      "Approved automatically: under your $10.00 limit",
    ],
    ["already over budget", { spent: 6000 }, false, "Needs a parent: would go over this month's budget"],
    [
      "approval required for all",
      { requireApprovalForAll: true },
      false,
      "Needs a parent: every purchase needs approval",
    ],
    ["plan purchases used", { purchasesLeft: 0 }, false, "Needs a parent: this month's plan purchases are used"],
    ["one plan purchase left", { purchasesLeft: 1 }, true, "Approved automatically: under your $10.00 limit"],
    [
      "a restricted category",
      { categories: [{ ...games, isRestricted: true }] },
      false,
      "Needs a parent: Games is a restricted category",
    ],
    [
      "a restricted category holding only a free item",
      { categories: [{ ...games, isRestricted: true, amount: 0 }] },
      false,
      "Needs a parent: Games is a restricted category",
    ],
    [
      "a category without a limit",
      { categories: [{ ...games, spent: 99999 }] },
      true,
      "Approved automatically: under your $10.00 limit",
    ],
    [
      "a category limit reached exactly",
      { categories: [{ ...games, monthlyLimit: 2000, spent: 1200 }] },
      true,
      "Approved automatically: under your $10.00 limit",
    ],
    [
      "a category limit exceeded",
      { categories: [{ ...games, monthlyLimit: 2000, spent: 1201 }] },
      false,
      "Needs a parent: would go over the $20.00 monthly limit for Games",
    ],
    [
      "approval for all wins over every other reason",
      { requireApprovalForAll: true, total: 99999, purchasesLeft: 0, categories: [{ ...games, isRestricted: true }] },
      false,
      "Needs a parent: every purchase needs approval",
    ],
    [
      "a restriction wins over the limit",
      { total: 99999, categories: [{ ...games, isRestricted: true }] },
      false,
      "Needs a parent: Games is a restricted category",
    ],
    [
      "the plan wins over the limit",
      { total: 99999, purchasesLeft: 0 },
      false,
      "Needs a parent: this month's plan purchases are used",
    ],
    [
      "the limit wins over the budget",
      { total: 1500, spent: 4900 },
      false,
      "Needs a parent: over the $10.00 auto-approval limit",
    ],
  ])("%s", (_name, change, approved, reason) => {
    expect(decideAutoApproval({ ...base, ...change })).toEqual({ approved, reason });
  });
});
