import { describe, expect, it } from "vitest";
import type { CartRow, ChildRow, UserRow } from "../../db/schema";
import { decideDecision } from "./cart-decisions.service";
import { decideSubmission } from "./cart-submission.service";

// The decisions are pure: rows in, the answer and the budget changes out, nothing written.
const now = new Date("2026-11-10T12:00:00Z");
const user = {
  id: "p1",
  subscriptionTier: "premium",
  monthlyPurchases: 2,
  monthlyPurchaseLimit: 5,
  lastResetDate: new Date("2026-11-01T00:00:00Z"),
} as UserRow;
const child = {
  id: "c1",
  name: "Mia",
  isActive: true,
  monthlyBudget: 5000,
  currentSpent: 1000,
  spentMonth: "2026-11",
  bonusBudget: 0,
  bonusMonth: "",
  reviewedMonth: "2026-10",
  autoApprovalLimit: 1000,
  requireApprovalForAll: false,
} as ChildRow;
const cart = { id: "k1", childId: "c1", status: "pending", total: 4500, items: [] } as unknown as CartRow;
const guardian = { userId: "g1", approvalLimit: null };

describe("decideSubmission", () => {
  it("approves a small cart at once and adds it to the month's figures and the plan count", () => {
    const { result, changes } = decideSubmission(
      user,
      child,
      { retailer: "Shop", items: [{ name: "A", price: "2.50", quantity: 2 }] },
      [],
      now,
      {},
    );
    expect(result).toMatchObject({ status: "approved", total: 500, approvedAt: now });
    expect(changes?.newCarts).toEqual([result]);
    expect(changes?.children?.[0]).toMatchObject({ currentSpent: 1500, spentMonth: "2026-11" });
    expect(changes?.users?.[0]).toMatchObject({ monthlyPurchases: 3 });
    expect(changes?.badges?.map((b) => b.type).sort()).toEqual(["first_cart", "smart_spender"]);
  });
});

describe("decideDecision", () => {
  it("declines with only the cart changed", () => {
    const { result, changes } = decideDecision(
      { user, child, cart },
      { status: "declined", note: "No" },
      [],
      now,
      guardian,
    );
    expect(result).toMatchObject({
      status: "declined",
      decisionNote: "No",
      declinedAt: now,
      decidedBy: "g1",
      decidedAt: now,
    });
    expect(changes).toEqual({ decidedCarts: [result] });
  });

  it("refuses an approval over budget unless it is confirmed", () => {
    expect(() => decideDecision({ user, child, cart }, { status: "approved" }, [], now, guardian)).toThrow(
      /over the monthly budget/,
    );
    const { changes } = decideDecision(
      { user, child, cart },
      { status: "approved", allowOverBudget: true },
      [],
      now,
      guardian,
    );
    expect(changes?.children?.[0]).toMatchObject({ currentSpent: 5500 });
  });

  it("refuses a guardian's approval above their own limit, naming it, but lets them decline", () => {
    const limited = { userId: "g2", approvalLimit: 2000 };
    expect(() =>
      decideDecision({ user, child, cart }, { status: "approved", allowOverBudget: true }, [], now, limited),
    ).toThrow(/approval limit in this family is \$20\.00/);
    expect(decideDecision({ user, child, cart }, { status: "declined" }, [], now, limited).result.status).toBe(
      "declined",
    );
  });
});
