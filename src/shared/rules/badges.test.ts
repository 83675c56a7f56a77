import { describe, expect, it } from "vitest";
import { BADGE_TYPES, BADGES, type BadgeEvent, type BadgeType, badgesFor } from "./badges";

describe("badgesFor", () => {
  it.each<[string, BadgeEvent, BadgeType[]]>([
    ["a submitted cart", { kind: "cart_submitted" }, ["first_cart"]],
    ["an approved purchase", { kind: "purchase_approved" }, ["smart_spender"]],
    ["the first confirmed chore", { kind: "chore_confirmed", confirmedChores: 1 }, ["chore_champion"]],
    ["the fourth confirmed chore", { kind: "chore_confirmed", confirmedChores: 4 }, ["chore_champion"]],
    ["the fifth confirmed chore", { kind: "chore_confirmed", confirmedChores: 5 }, ["chore_champion", "helping_hand"]],
    ["a month at 74.99%", { kind: "month_ended", spent: 7499, budget: 10000 }, ["budget_boss"]],
    ["a month at exactly 75%", { kind: "month_ended", spent: 7500, budget: 10000 }, []],
    ["a month over budget", { kind: "month_ended", spent: 12000, budget: 10000 }, []],
    ["a month with nothing spent", { kind: "month_ended", spent: 0, budget: 10000 }, ["budget_boss"]],
    ["a month without a budget", { kind: "month_ended", spent: 0, budget: 0 }, []],
  ])("%s", (_name, event, expected) => {
    expect(badgesFor(event)).toEqual(expected);
  });

  it("describes every badge under its own type", () => {
    for (const type of BADGE_TYPES) expect(BADGES[type].type).toBe(type);
    expect(BADGES.smart_spender.title).toBe("Smart Spender");
  });
});
