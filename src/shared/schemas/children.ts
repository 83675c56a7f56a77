import { z } from "zod";
import "./zod-messages";
import { isAmount, parseCents } from "../rules/money";
import { AmountSchema, DEFAULT_PROFILE_COLOR, IsoDateSchema, MoneyOutSchema, RequiredTextSchema } from "./common";

const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

const NameSchema = (message: string) =>
  RequiredTextSchema(message).max(50, { message: "Name must be at most 50 characters" });

/**
 * The contract's integer: "9" is refused like any other text. The forms read their age input as a number
 * (react-hook-form's valueAsNumber), so an empty input arrives as NaN and reads "Age must be a number".
 */
const AgeSchema = (min: string, max: string) =>
  z
    .number({ error: "Age must be a number" })
    .int({ message: "Age must be a whole number" })
    .min(3, { message: min })
    .max(18, { message: max });

const ColorSchema = z.string().regex(COLOR_PATTERN, { message: "Choose a colour like #8B5CF6" });

const LIMIT_OVER_BUDGET = "Auto-approval limit cannot exceed the monthly budget";

function limitWithinBudget(value: { monthlyBudget?: string; autoApprovalLimit?: string }, ctx: z.RefinementCtx) {
  const { monthlyBudget, autoApprovalLimit } = value;
  if (typeof monthlyBudget !== "string" || typeof autoApprovalLimit !== "string") return;
  // Only two valid amounts can be compared; an invalid one already has its own message.
  if (!isAmount(monthlyBudget.trim()) || !isAmount(autoApprovalLimit.trim())) return;
  if (parseCents(autoApprovalLimit.trim()) > parseCents(monthlyBudget.trim())) {
    ctx.addIssue({ code: "custom", path: ["autoApprovalLimit"], message: LIMIT_OVER_BUDGET });
  }
}

// spec 000 §5: Add Child form messages.
export const ChildCreateSchema = z
  .object({
    name: NameSchema("Name is required"),
    age: AgeSchema("Age must be at least 3", "Age must be under 18").default(8),
    profileColor: ColorSchema.default(DEFAULT_PROFILE_COLOR),
    monthlyBudget: z
      .string({ error: "Monthly budget is required" })
      .trim()
      .min(1, { message: "Monthly budget is required" })
      .pipe(AmountSchema("Must be a valid amount (e.g., 50.00)")),
    // Omitted: the spec's default of 10.00, capped at the budget so a small budget is still valid.
    autoApprovalLimit: AmountSchema("Must be a valid amount (e.g., 10.00)").optional(),
  })
  .superRefine(limitWithinBudget);
export type ChildCreate = z.input<typeof ChildCreateSchema>;

// spec 000 §5: Child settings form messages. Every field optional so one PATCH can carry any subset.
export const ChildUpdateSchema = z
  .object({
    name: NameSchema("Name is required"),
    age: AgeSchema("Age must be at least 3", "Age must be under 18"),
    profileColor: ColorSchema,
    monthlyBudget: AmountSchema("Invalid amount"),
    autoApprovalLimit: AmountSchema("Invalid amount"),
    isActive: z.boolean(),
    requireApprovalForAll: z.boolean(),
    blockAdultContent: z.boolean(),
    notifyPurchaseApprovals: z.boolean(),
    notifyBudgetWarnings: z.boolean(),
    notifyAchievementUpdates: z.boolean(),
  })
  .partial()
  .superRefine(limitWithinBudget);
export type ChildUpdate = z.input<typeof ChildUpdateSchema>;

export const LIMIT_OVER_BUDGET_MESSAGE = LIMIT_OVER_BUDGET;

export const ChildSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  name: z.string(),
  age: z.number().int(),
  profileColor: z.string(),
  monthlyBudget: MoneyOutSchema,
  /** Chore rewards confirmed this month, added to the month's budget. */
  bonusBudget: MoneyOutSchema,
  currentSpent: MoneyOutSchema,
  /**
   * Moved into savings goals this month, less what deleted goals gave back (so it can be below 0): the
   * budget left is monthlyBudget + bonusBudget - savedToGoals - currentSpent (docs/decisions/153).
   */
  savedToGoals: MoneyOutSchema.optional(),
  autoApprovalLimit: MoneyOutSchema,
  /** docs/product-contract.md "Privacy rights": a child under 13 signs in only once this is verified. */
  consentStatus: z.enum(["not_needed", "required", "pending", "verified"]),
  isActive: z.boolean(),
  requireApprovalForAll: z.boolean(),
  blockAdultContent: z.boolean(),
  notifyPurchaseApprovals: z.boolean(),
  notifyBudgetWarnings: z.boolean(),
  notifyAchievementUpdates: z.boolean(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Child = z.infer<typeof ChildSchema>;

export const ChildListSchema = z.array(ChildSchema);
