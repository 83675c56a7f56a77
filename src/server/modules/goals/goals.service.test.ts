import { describe, expect, it } from "vitest";
import type { CartRow, ChildRow, SavingsGoalRow, UserRow } from "../../db/schema";
import {
  decideAskToBuy,
  decideContribution,
  decideGoalEdit,
  decideGoalRemoval,
  decideNewGoal,
  goalFromCart,
} from "./goals.service";

// The goal rules are pure: rows as read under the family lock in, the rows to write out, nothing written.
const now = new Date("2026-11-10T12:00:00Z");
const child = (fields: Partial<ChildRow> = {}) =>
  ({
    id: "c1",
    parentId: "p1",
    name: "Mia",
    isActive: true,
    monthlyBudget: 5000,
    currentSpent: 1000,
    spentMonth: "2026-11",
    bonusBudget: 500,
    bonusMonth: "2026-11",
    goalTransfers: 0,
    goalMonth: "",
    reviewedMonth: "2026-10",
    autoApprovalLimit: 1000,
    requireApprovalForAll: false,
    ...fields,
  }) as ChildRow;
const goal = (fields: Partial<SavingsGoalRow> = {}) =>
  ({
    id: "g1",
    childId: "c1",
    name: "Bike",
    target: 12000,
    saved: 0,
    url: null,
    status: "active",
    reachedAt: null,
    cartId: null,
    ...fields,
  }) as SavingsGoalRow;
const user = {
  id: "p1",
  subscriptionTier: "premium",
  monthlyPurchases: 0,
  monthlyPurchaseLimit: 5,
  lastResetDate: new Date("2026-11-01T00:00:00Z"),
} as UserRow;

describe("decideContribution", () => {
  // Budget 50 + 5 bonus, 10 spent: 45 left before any goal money.
  it.each<[string, Partial<ChildRow>, number, { goalTransfers: number; goalMonth: string }]>([
    ["the first of the month", {}, 1500, { goalTransfers: 1500, goalMonth: "2026-11" }],
    ["all that is left", {}, 4500, { goalTransfers: 4500, goalMonth: "2026-11" }],
    [
      "more this month",
      { goalTransfers: 2000, goalMonth: "2026-11" },
      2500,
      { goalTransfers: 4500, goalMonth: "2026-11" },
    ],
    [
      "after last month's",
      { goalTransfers: 4000, goalMonth: "2026-10" },
      4500,
      { goalTransfers: 4500, goalMonth: "2026-11" },
    ],
    [
      "after a deleted goal gave money back",
      { goalTransfers: -1000, goalMonth: "2026-11" },
      5500,
      { goalTransfers: 4500, goalMonth: "2026-11" },
    ],
  ])("moves %s out of the budget left", (_name, fields, amount, expected) => {
    const { goal: saved, changes } = decideContribution(
      { goal: goal(), child: child(fields) },
      { amount, source: "child" },
      now,
    );
    expect(saved.saved).toBe(amount);
    expect(changes.children).toEqual([expect.objectContaining({ ...expected, updatedAt: now })]);
  });

  it.each<[string, Partial<ChildRow>, number, string]>([
    [
      "a cent more than is left",
      {},
      4501,
      "You only have $45.00 left this month, so you can move at most that into a goal.",
    ],
    [
      "anything once all is in goals",
      { goalTransfers: 4500, goalMonth: "2026-11" },
      1,
      "You have no money left this month to move into a goal.",
    ],
    ["anything when overspent", { currentSpent: 9000 }, 1, "You have no money left this month to move into a goal."],
  ])("refuses %s with not_enough_left", (_name, fields, amount, message) => {
    expect(() => decideContribution({ goal: goal(), child: child(fields) }, { amount, source: "child" }, now)).toThrow(
      expect.objectContaining({ statusCode: 409, code: "not_enough_left", message }),
    );
  });

  it("a match adds to the goal without touching the child's budget, even past what is left", () => {
    const { goal: saved, changes } = decideContribution(
      { goal: goal(), child: child({ currentSpent: 9000 }) },
      { amount: 6000, source: "match" },
      now,
    );
    expect(saved.saved).toBe(6000);
    expect(changes.children).toEqual([]);
  });

  it.each<[string, Partial<SavingsGoalRow>, number, string]>([
    ["more than the goal misses", { saved: 11000 }, 1001, 'Only $10.00 more reaches "Bike". Add that much or less.'],
    ["into a reached goal", { saved: 12000, status: "reached" }, 1, 'You already reached your goal "Bike"'],
    ["into a goal asked for", { saved: 12000, status: "bought" }, 1, 'You already reached your goal "Bike"'],
  ])("refuses money %s", (_name, fields, amount, message) => {
    expect(() => decideContribution({ goal: goal(fields), child: child() }, { amount, source: "match" }, now)).toThrow(
      expect.objectContaining({ statusCode: 409, message }),
    );
  });

  it("reaches the goal with the last cent", () => {
    const { goal: saved } = decideContribution(
      { goal: goal({ saved: 11000 }), child: child() },
      { amount: 1000, source: "child" },
      now,
    );
    expect(saved).toMatchObject({ saved: 12000, status: "reached", reachedAt: now });
  });

  it("judges the ended month first", () => {
    const { changes } = decideContribution(
      { goal: goal(), child: child({ reviewedMonth: "2026-09", spentMonth: "2026-10", currentSpent: 100 }) },
      { amount: 100, source: "child" },
      now,
    );
    expect(changes.children[0]?.reviewedMonth).toBe("2026-10");
  });
});

describe("decideGoalRemoval", () => {
  it.each<[string, Partial<SavingsGoalRow>, Partial<ChildRow>, number | null]>([
    ["saved this month", { saved: 3000 }, { goalTransfers: 3000, goalMonth: "2026-11" }, 0],
    ["saved in earlier months", { saved: 3000 }, { goalTransfers: 500, goalMonth: "2026-11" }, -2500],
    ["saved before this month's first transfer", { saved: 3000 }, { goalTransfers: 900, goalMonth: "2026-10" }, -3000],
    ["with nothing in it", { saved: 0 }, {}, null],
    ["already asked for", { saved: 12000, status: "bought" }, {}, null],
  ])("gives back a goal's money %s", (_name, goalFields, childFields, goalTransfers) => {
    const changes = decideGoalRemoval({ goal: goal(goalFields), child: child(childFields) }, now);
    expect(changes.children).toEqual(
      goalTransfers === null ? [] : [expect.objectContaining({ goalTransfers, goalMonth: "2026-11" })],
    );
  });
});

describe("decideNewGoal and decideGoalEdit", () => {
  it("caps open goals at 20", () => {
    expect(decideNewGoal("c1", { name: "A", target: 100, url: null }, 19, now)).toMatchObject({
      status: "active",
      saved: 0,
    });
    expect(() => decideNewGoal("c1", { name: "A", target: 100, url: null }, 20, now)).toThrow(
      expect.objectContaining({ statusCode: 409, code: "goal_limit" }),
    );
  });

  it.each<[string, Partial<SavingsGoalRow>, { target?: string }, string]>([
    ["a target lowered to what is saved", { saved: 5000 }, { target: "50.00" }, "reached"],
    [
      "a target raised past what is saved",
      { saved: 5000, status: "reached", reachedAt: now },
      { target: "60.00" },
      "active",
    ],
    ["a rename", { saved: 5000 }, {}, "active"],
  ])("follows the money after %s", (_name, fields, input, status) => {
    expect(decideGoalEdit(goal(fields), { name: "Scooter", ...input }, now)).toMatchObject({ name: "Scooter", status });
  });

  it("leaves a goal asked for as it is", () => {
    expect(() => decideGoalEdit(goal({ status: "bought" }), { name: "X" }, now)).toThrow(
      expect.objectContaining({ statusCode: 409 }),
    );
  });
});

describe("goalFromCart", () => {
  const cart = (fields: Partial<CartRow>) =>
    ({ id: "k1", retailer: "Toy Shop", status: "declined", total: 3500, items: [], ...fields }) as unknown as CartRow;
  it.each<[string, Partial<CartRow>, { name: string; target: number; url: string | null }]>([
    [
      "one item",
      { items: [{ name: "Lego", price: "35.00", quantity: 1, url: "https://toys.example/lego" }] },
      { name: "Lego", target: 3500, url: "https://toys.example/lego" },
    ],
    [
      "several items",
      {
        items: [
          { name: "A", price: "1.00", quantity: 1 },
          { name: "B", price: "1.00", quantity: 1, url: "https://b.example" },
        ],
      },
      { name: "My Toy Shop cart", target: 3500, url: "https://b.example" },
    ],
  ])("names a goal for a declined cart of %s", (_name, fields, expected) => {
    expect(goalFromCart(cart(fields))).toEqual(expected);
  });
  it.each(["pending", "approved", "completed"] as const)("refuses a %s cart", (status) => {
    expect(() => goalFromCart(cart({ status }))).toThrow(expect.objectContaining({ statusCode: 409 }));
  });
});

describe("decideAskToBuy", () => {
  it("releases the goal's money into this month's budget and asks with an ordinary cart", () => {
    const found = {
      goal: goal({ saved: 12000, status: "reached", url: "https://www.bikes.example/x" }),
      child: child({ goalTransfers: 2000, goalMonth: "2026-11" }),
    };
    const { result, changes } = decideAskToBuy(user, found, 48, now);
    expect(result.cart).toMatchObject({ retailer: "bikes.example", total: 12000, status: "pending", childId: "c1" });
    expect(result.goal).toMatchObject({ status: "bought", cartId: result.cart.id });
    expect(changes?.newCarts).toEqual([result.cart]);
    expect(changes?.children).toEqual([expect.objectContaining({ goalTransfers: -10000, goalMonth: "2026-11" })]);
  });

  it("is approved at once within the auto-approval limit, paid from the released money", () => {
    const found = {
      goal: goal({ target: 800, saved: 800, status: "reached" }),
      // Budget 50 + 5 bonus, 8 of it in the goal and the other 47 spent: only the goal's money is left.
      child: child({ currentSpent: 4700, goalTransfers: 800, goalMonth: "2026-11" }),
    };
    const { result, changes } = decideAskToBuy(user, found, 48, now);
    expect(result.cart).toMatchObject({ retailer: "My goal", status: "approved" });
    expect(changes?.children).toEqual([expect.objectContaining({ goalTransfers: 0, currentSpent: 5500 })]);
  });

  it.each<[string, Partial<SavingsGoalRow>, string]>([
    ["an active goal", { saved: 100 }, "Save $119.00 more first"],
    ["a goal asked for already", { saved: 12000, status: "bought" }, "You already asked to buy this goal"],
  ])("refuses %s", (_name, fields, message) => {
    expect(() => decideAskToBuy(user, { goal: goal(fields), child: child() }, 48, now)).toThrow(
      expect.objectContaining({ statusCode: 409, message }),
    );
  });
});
