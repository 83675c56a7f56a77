import { LESSON_BADGE_TYPES, LESSON_BADGES } from "./lessons";
import type { Cents } from "./money";

export const BADGE_TYPES = [
  "first_cart",
  "smart_spender",
  "budget_boss",
  "chore_champion",
  "helping_hand",
  ...LESSON_BADGE_TYPES,
] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];

export interface Badge {
  type: BadgeType;
  title: string;
  description: string;
}

/** docs/product-contract.md "Chores, badges, categories": badges the server awards, each once per child. */
export const BADGES: Record<BadgeType, Badge> = {
  first_cart: { type: "first_cart", title: "First Cart", description: "Sent your first cart to a parent." },
  smart_spender: { type: "smart_spender", title: "Smart Spender", description: "Made your first approved purchase." },
  budget_boss: {
    type: "budget_boss",
    title: "Budget Boss",
    description: "Finished a month having spent less than 75% of your budget.",
  },
  chore_champion: { type: "chore_champion", title: "Chore Champion", description: "Had your first chore confirmed." },
  helping_hand: { type: "helping_hand", title: "Helping Hand", description: "Had five chores confirmed." },
  // Earned by passing lessons (docs/decisions/154), not by a budget event.
  ...LESSON_BADGES,
};

export const BUDGET_BOSS_PERCENT = 75;
export const HELPING_HAND_CHORES = 5;

/** The events that can earn a badge. */
export type BadgeEvent =
  | { kind: "cart_submitted" }
  | { kind: "purchase_approved" }
  | { kind: "chore_confirmed"; confirmedChores: number }
  | { kind: "month_ended"; spent: Cents; budget: Cents };

/** The badges an event earns; awarding is idempotent, so earning one again changes nothing. */
export function badgesFor(event: BadgeEvent): BadgeType[] {
  switch (event.kind) {
    case "cart_submitted":
      return ["first_cart"];
    case "purchase_approved":
      return ["smart_spender"];
    case "chore_confirmed": {
      const earned: BadgeType[] = [];
      if (event.confirmedChores >= 1) earned.push("chore_champion");
      if (event.confirmedChores >= HELPING_HAND_CHORES) earned.push("helping_hand");
      return earned;
    }
    case "month_ended":
      // A month with no budget has nothing to stay under.
      return event.budget > 0 && event.spent * 100 < event.budget * BUDGET_BOSS_PERCENT ? ["budget_boss"] : [];
  }
}
