// spec 001 §9 "Sample values": the fixed numbers the walkthrough shows. Amounts are integer cents
// (docs/product-contract.md "Money") so the arithmetic on screen is exact.
export const SAMPLE = {
  childName: "Maya",
  parentName: "Alex",
  budgetCents: 100_00,
  spentCents: 52_50,
  item: { name: "Glow-in-the-Dark Galaxy Kit", shop: "Social Shop", priceCents: 24_99, creator: "@sciencewithsam" },
  /** spec 001 §9: "item 24.99 (24.9% of budget)", shown truncated to one decimal as the spec writes it. */
  itemShareOfBudget: "24.9%",
  points: 50,
  level: { from: "Bronze", to: "Silver" },
  lessons: { done: 3, total: 5 },
  achievements: { unlocked: 2, total: 5 },
} as const;

export const formatDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const DEMO_STEPS = [
  { id: "discover", title: "Discover an item", summary: "Maya finds something she loves on a social shop" },
  { id: "budget", title: "Real-time budget check", summary: "Pocketwise checks the price against her budget" },
  { id: "send", title: "Cart sent to parent", summary: "The cart goes to Alex for a decision" },
  { id: "decide", title: "Parent reviews and decides", summary: "Approve, deny or suggest an alternative" },
  { id: "learn", title: "Educational moment", summary: "A short lesson tied to the purchase" },
  { id: "achieve", title: "Achievement unlocked", summary: "Points, a badge and a level up" },
] as const;

export type DemoStepId = (typeof DEMO_STEPS)[number]["id"];
