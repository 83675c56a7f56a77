import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCents } from "../rules/money";
import { ChildCreateSchema, ChildUpdateSchema, LIMIT_OVER_BUDGET_MESSAGE } from "./children";

/** The field messages a failed parse carries, as the API answers them. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => ({ field: i.path.join("."), message: i.message }));
}

const valid = { name: "Maya", age: 10, profileColor: "#8B5CF6", monthlyBudget: "50.00", autoApprovalLimit: "10.00" };

describe("ChildCreateSchema (spec 000 §5, Add Child form)", () => {
  it("accepts the form's defaults and fills the rest, leaving the limit to the server's capped default", () => {
    expect(ChildCreateSchema.parse({ name: "Maya", monthlyBudget: "50.00" })).toEqual({
      name: "Maya",
      age: 8,
      profileColor: "#8B5CF6",
      monthlyBudget: "50.00",
    });
  });

  it("trims text", () => {
    expect(ChildCreateSchema.parse({ ...valid, name: "  Leo ", age: 13, monthlyBudget: " 25.5 " })).toMatchObject({
      name: "Leo",
      age: 13,
      monthlyBudget: "25.5",
    });
  });

  it("drops unknown fields, parentId among them", () => {
    const out = ChildCreateSchema.parse({ ...valid, parentId: "someone", currentSpent: "9.00" });
    expect(out).not.toHaveProperty("parentId");
    expect(out).not.toHaveProperty("currentSpent");
  });

  it.each([
    [{ name: "" }, "name", "Name is required"],
    [{ name: "   " }, "name", "Name is required"],
    [{ name: undefined }, "name", "Name is required"],
    [{ name: "x".repeat(51) }, "name", "Name must be at most 50 characters"],
    [{ age: 2 }, "age", "Age must be at least 3"],
    [{ age: 19 }, "age", "Age must be under 18"],
    [{ age: 7.5 }, "age", "Age must be a whole number"],
    [{ age: "seven" }, "age", "Age must be a number"],
    [{ age: null }, "age", "Age must be a number"],
    // The contract's integer (docs/decisions/123): the forms convert their input, the API does not.
    [{ age: "9" }, "age", "Age must be a number"],
    [{ age: " 13 " }, "age", "Age must be a number"],
    [{ age: "" }, "age", "Age must be a number"],
    [{ age: Number.NaN }, "age", "Age must be a number"],
    [{ name: "Maya\u202Egnp.exe" }, "name", "Name can't contain hidden or control characters"],
    [{ name: "Ma\u200Bya" }, "name", "Name can't contain hidden or control characters"],
    [{ name: "Maya\nLee" }, "name", "Name can't contain hidden or control characters"],
    [{ profileColor: "#8B5CF" }, "profileColor", "Choose a colour like #8B5CF6"],
    [{ profileColor: "8B5CF6" }, "profileColor", "Choose a colour like #8B5CF6"],
    [{ monthlyBudget: undefined }, "monthlyBudget", "Monthly budget is required"],
    [{ monthlyBudget: "" }, "monthlyBudget", "Monthly budget is required"],
    [{ monthlyBudget: "  " }, "monthlyBudget", "Monthly budget is required"],
    [{ monthlyBudget: "50.001" }, "monthlyBudget", "Must be a valid amount (e.g., 50.00)"],
    [{ monthlyBudget: "-50" }, "monthlyBudget", "Must be a valid amount (e.g., 50.00)"],
    [{ monthlyBudget: "1e3" }, "monthlyBudget", "Must be a valid amount (e.g., 50.00)"],
    [{ monthlyBudget: "NaN" }, "monthlyBudget", "Must be a valid amount (e.g., 50.00)"],
    [{ autoApprovalLimit: "10.001" }, "autoApprovalLimit", "Must be a valid amount (e.g., 10.00)"],
    [{ autoApprovalLimit: "" }, "autoApprovalLimit", "Must be a valid amount (e.g., 10.00)"],
    [{ monthlyBudget: "10.00", autoApprovalLimit: "10.01" }, "autoApprovalLimit", LIMIT_OVER_BUDGET_MESSAGE],
  ])("refuses %j with the form's message", (change, field, message) => {
    const result = ChildCreateSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(messages(result)).toContainEqual({ field, message });
  });

  it.each([
    { age: 3 },
    { age: 18 },
    { name: "x".repeat(50) },
    { profileColor: "#abcdef" },
    { monthlyBudget: "0", autoApprovalLimit: "0" },
    { monthlyBudget: "10", autoApprovalLimit: "10.00" },
    { monthlyBudget: "99999999.99", autoApprovalLimit: "99999999.99" },
  ])("accepts the boundary %j", (change) => {
    expect(ChildCreateSchema.safeParse({ ...valid, ...change }).success).toBe(true);
  });

  it("refuses exactly when the auto-approval limit exceeds the budget (property)", () => {
    const amount = fc
      .integer({ min: 0, max: 9_999_999_999 })
      .map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`);
    fc.assert(
      fc.property(amount, amount, (monthlyBudget, autoApprovalLimit) => {
        const result = ChildCreateSchema.safeParse({ ...valid, monthlyBudget, autoApprovalLimit });
        expect(result.success).toBe(parseCents(autoApprovalLimit) <= parseCents(monthlyBudget));
      }),
    );
  });
});

describe("ChildUpdateSchema (spec 000 §5, Child settings form)", () => {
  it("accepts any subset, including nothing", () => {
    expect(ChildUpdateSchema.parse({})).toEqual({});
    expect(ChildUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(ChildUpdateSchema.parse({ blockAdultContent: false, notifyBudgetWarnings: true })).toEqual({
      blockAdultContent: false,
      notifyBudgetWarnings: true,
    });
  });

  it.each([
    [{ name: " " }, "name", "Name is required"],
    [{ age: 2 }, "age", "Age must be at least 3"],
    [{ age: 19 }, "age", "Age must be under 18"],
    [{ age: "10" }, "age", "Age must be a number"],
    [{ name: "\u2066Maya" }, "name", "Name can't contain hidden or control characters"],
    [{ monthlyBudget: "abc" }, "monthlyBudget", "Invalid amount"],
    [{ monthlyBudget: "" }, "monthlyBudget", "Invalid amount"],
    [{ autoApprovalLimit: "-1" }, "autoApprovalLimit", "Invalid amount"],
    [{ monthlyBudget: "5", autoApprovalLimit: "6" }, "autoApprovalLimit", LIMIT_OVER_BUDGET_MESSAGE],
  ])("refuses %j with the settings form's message", (change, field, message) => {
    const result = ChildUpdateSchema.safeParse(change);
    expect(result.success).toBe(false);
    expect(messages(result)).toContainEqual({ field, message });
  });

  it.each([{ isActive: "false" }, { requireApprovalForAll: 1 }, { notifyPurchaseApprovals: null }])(
    "refuses a toggle that is not a boolean: %j",
    (change) => {
      expect(ChildUpdateSchema.safeParse(change).success).toBe(false);
    },
  );
});
