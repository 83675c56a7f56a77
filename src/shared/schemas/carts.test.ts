import { describe, expect, it } from "vitest";
import { CartStatusUpdateSchema, CartSubmitSchema } from "./carts";

/** The field messages a failed parse carries, as the API answers them. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => ({ field: i.path.join("."), message: i.message }));
}

const item = { name: "Toy", price: "1.00", quantity: 1 };

describe("required text: missing reads like empty", () => {
  it.each<[string, unknown, string, string]>([
    ["retailer missing", { items: [item] }, "retailer", "Retailer is required"],
    ["retailer blank", { retailer: "  ", items: [item] }, "retailer", "Retailer is required"],
    [
      "item name missing",
      { retailer: "Shop", items: [{ price: "1.00", quantity: 1 }] },
      "items.0.name",
      "Item name is required",
    ],
    ["item name empty", { retailer: "Shop", items: [{ ...item, name: "" }] }, "items.0.name", "Item name is required"],
  ])("a cart with %s", (_name, input, field, message) => {
    expect(messages(CartSubmitSchema.safeParse(input))).toEqual([{ field, message }]);
  });

  it.each<[string, object]>([
    ["missing", { price: "2.00" }],
    ["empty", { name: " ", price: "2.00" }],
  ])("a decline whose suggested item's name is %s", (_name, suggestedItem) => {
    expect(messages(CartStatusUpdateSchema.safeParse({ status: "declined", suggestedItem }))).toEqual([
      { field: "suggestedItem.name", message: "Suggested item name is required" },
    ]);
  });
});
