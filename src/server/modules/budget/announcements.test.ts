import { describe, expect, it } from "vitest";
import type { CartRow, ChildRow } from "../../db/schema";
import { announced } from "./announcements";

/** Pure: what a family's budget write announces, from its changes alone (docs/decisions/131). */
const family = "f0000000-0000-4000-8000-000000000000";
const childId = "c0000000-0000-4000-8000-000000000000";

/** The child as the write leaves it: a budget of 50.00 (plus a bonus), `spent` in cents this month. */
const child = (spent: number, fields: Partial<ChildRow> = {}) =>
  ({
    id: childId,
    parentId: family,
    monthlyBudget: 5000,
    currentSpent: spent,
    spentMonth: "2026-11",
    bonusBudget: 0,
    bonusMonth: "",
    ...fields,
  }) as ChildRow;
const cart = (total: number, status: CartRow["status"], id = "k1") => ({ id, childId, total, status }) as CartRow;
const warnings = (changes: Parameters<typeof announced>[1]) =>
  announced(family, changes)
    .events.filter((e) => e.type === "budget.warning")
    .map((e) => e.data);

describe("announced", () => {
  it("announces each new cart and each decided cart with its status, for the family and the child", () => {
    const events = announced(family, {
      newCarts: [cart(2000, "pending", "k1")],
      decidedCarts: [cart(500, "declined", "k2")],
    }).events;
    expect(events).toEqual([
      { type: "cart.submitted", familyId: family, childId, data: { cartId: "k1", childId, status: "pending" } },
      { type: "cart.decided", familyId: family, childId, data: { cartId: "k2", childId, status: "declined" } },
    ]);
  });

  it("announces a cart marked as bought as cart.completed, not as a decision (docs/decisions/140)", () => {
    expect(announced(family, { decidedCarts: [cart(500, "completed", "k3")] }).events).toEqual([
      { type: "cart.completed", familyId: family, childId, data: { cartId: "k3", childId, status: "completed" } },
    ]);
  });

  it("offers every badge row as earned; the statement keeps only those it really inserts", () => {
    const badge = { childId, type: "first_cart", title: "First Cart", description: "", earnedAt: new Date() };
    expect(announced(family, { badges: [badge] }).events).toEqual([
      { type: "badge.earned", familyId: family, childId, data: { childId, type: "first_cart" } },
    ]);
  });

  it.each<[string, number, CartRow[], Partial<ChildRow>, number[]]>([
    ["36.00 to 38.00 passes 75%", 3800, [cart(200, "approved")], {}, [75]],
    ["exactly 75% passes it", 3750, [cart(100, "approved")], {}, [75]],
    ["already past 75%, not yet 90%", 4000, [cart(100, "approved")], {}, []],
    ["25.00 to 47.50 passes both: one warning, the higher", 4750, [cart(2250, "approved")], {}, [90]],
    ["past 100% (approved over budget) still passes 90% once", 6000, [cart(2000, "approved")], {}, [90]],
    ["a pending cart spends nothing", 3800, [cart(200, "pending")], {}, []],
    ["below 75%", 3000, [cart(500, "approved")], {}, []],
    [
      "a chore's bonus raises the budget: 38.00 of 60.00 is 63%",
      3800,
      [cart(200, "approved")],
      { bonusBudget: 1000, bonusMonth: "2026-11" },
      [],
    ],
    ["a budget of nothing warns of nothing", 100, [cart(100, "approved")], { monthlyBudget: 0 }, []],
  ])("%s", (_, spent, carts, fields, percents) => {
    const changes = { children: [child(spent, fields)], newCarts: carts };
    expect(warnings(changes).map((d) => (d as { percent: number }).percent)).toEqual(percents);
    // A decision approving the same cart tells the same.
    const decided = { children: [child(spent, fields)], decidedCarts: carts };
    expect(warnings(decided).map((d) => (d as { percent: number }).percent)).toEqual(percents);
  });

  it("leaves the changes it was given as they were, events included", () => {
    const mine = {
      type: "cart.expired" as const,
      familyId: family,
      childId,
      data: { cartId: "k9", childId, status: "declined" as const },
    };
    const changes = { newCarts: [cart(100, "pending")], events: [mine] };
    const all = announced(family, changes);
    expect(all.events[0]).toBe(mine);
    expect(changes.events).toEqual([mine]);
    expect(all.newCarts).toEqual(changes.newCarts);
  });
});
