import { describe, expect, it } from "vitest";
import { SignupSchema } from "./auth";
import { CartSubmitSchema, SuggestedItemSchema } from "./carts";
import { CategoryCreateSchema } from "./categories";
import { ChildCreateSchema } from "./children";
import { ChoreCreateSchema } from "./chores";
import { hasVisibleText } from "./common";
import { TicketCreateSchema } from "./staff";

const INVISIBLE = [
  "\u200B\u200B",
  "\u200C\u200D",
  "\u2060",
  "\uFEFF",
  "\u200E\u200F",
  "\u00A0\u3000",
  "\u0301",
  " \u200B\t",
];

describe("hasVisibleText", () => {
  it.each(INVISIBLE)("is false for text made only of invisible characters (%j)", (text) => {
    expect(hasVisibleText(text)).toBe(false);
  });

  it.each(["Maya", "Zoë", "Zoe\u0301", "李小龙", "Ahmed\u200B", "🙂", "5"])("is true for %j", (text) => {
    expect(hasVisibleText(text)).toBe(true);
  });
});

/** Each required name or title, with the message its field gives when it is blank. */
const REQUIRED: [string, (text: string) => { success: boolean; error?: { issues: { message: string }[] } }, string][] =
  [
    ["a child's name", (name) => ChildCreateSchema.safeParse({ name, monthlyBudget: "50.00" }), "Name is required"],
    [
      "a parent's first name",
      (firstName) =>
        SignupSchema.safeParse({
          email: "a@example.com",
          password: "long enough password",
          firstName,
          lastName: "Lee",
        }),
      "First name is required",
    ],
    [
      "a retailer",
      (retailer) => CartSubmitSchema.safeParse({ retailer, items: [{ name: "Toy", price: "1.00", quantity: 1 }] }),
      "Retailer is required",
    ],
    [
      "an item's name",
      (name) => CartSubmitSchema.safeParse({ retailer: "Shop", items: [{ name, price: "1.00", quantity: 1 }] }),
      "Item name is required",
    ],
    [
      "a suggested item's name",
      (name) => SuggestedItemSchema.safeParse({ name, price: "1.00" }),
      "Suggested item name is required",
    ],
    ["a category's name", (name) => CategoryCreateSchema.safeParse({ name }), "Name is required"],
    ["a chore's title", (title) => ChoreCreateSchema.safeParse({ title, reward: "1.00" }), "Title is required"],
    [
      "a support ticket's subject",
      (subject) => TicketCreateSchema.safeParse({ subject, description: "Help, please", priority: "low" }),
      "Subject is required",
    ],
  ];

describe("a required name made only of invisible characters is blank", () => {
  it.each(REQUIRED)("%s", (_field, parse, message) => {
    for (const text of INVISIBLE) {
      const result = parse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(message);
    }
    expect(parse("Zoë").success).toBe(true);
  });
});
