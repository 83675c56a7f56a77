import { z } from "zod";
import "./zod-messages";
import { isAmount, parseCents } from "../rules/money";
import { hasHiddenCharacters } from "../rules/spoofing-text";
import { AmountSchema, hiddenCharactersMessage, IsoDateSchema, MoneyOutSchema, RequiredTextSchema } from "./common";

/** docs/product-contract.md "Learning and saving": a child's savings goals (docs/decisions/153). */

export const GOAL_STATUSES = ["active", "reached", "bought"] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

const TARGET_MESSAGE = "Target must be an amount above 0.00 (e.g., 120.00)";
const AMOUNT_MESSAGE = "Amount must be above 0.00 (e.g., 5.00)";

/** An amount of money above zero, as "12.50"; one message whatever is wrong with it. */
const PositiveAmountSchema = (message: string) =>
  AmountSchema(message).refine((value) => !isAmount(value) || parseCents(value) > 0, { message });

const GoalUrlSchema = z
  .url({ message: "Must be a web address", protocol: /^https?$/ })
  .max(2048)
  .refine((url) => !hasHiddenCharacters(url), { message: hiddenCharactersMessage("Web address") });

const GoalNameSchema = RequiredTextSchema("Goal name is required").max(100, {
  message: "Goal name must be at most 100 characters",
});

export const GoalCreateSchema = z.object({
  name: GoalNameSchema,
  target: PositiveAmountSchema(TARGET_MESSAGE),
  url: GoalUrlSchema.optional(),
});
export type GoalCreate = z.input<typeof GoalCreateSchema>;

/** A partial change; `url: null` removes the link. */
export const GoalUpdateSchema = z.object({
  name: GoalNameSchema.optional(),
  target: PositiveAmountSchema(TARGET_MESSAGE).optional(),
  url: GoalUrlSchema.nullable().optional(),
});
export type GoalUpdate = z.input<typeof GoalUpdateSchema>;

/**
 * `source` "child" (the default) moves money from the child's budget left this month; "match" is a
 * guardian adding their own money, which the child's budget never sees.
 */
export const GoalContributionCreateSchema = z.object({
  amount: PositiveAmountSchema(AMOUNT_MESSAGE),
  source: z.enum(["child", "match"], { error: "Source must be child or match" }).optional(),
});
export type GoalContributionCreate = z.input<typeof GoalContributionCreateSchema>;

export const GoalSchema = z.object({
  id: z.string(),
  childId: z.string(),
  name: z.string(),
  target: MoneyOutSchema,
  saved: MoneyOutSchema,
  url: z.string().nullable(),
  status: z.enum(GOAL_STATUSES),
  reachedAt: IsoDateSchema.nullable(),
  /** The cart "Ask to buy it" sent once the goal was reached. */
  cartId: z.string().nullable(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Goal = z.infer<typeof GoalSchema>;
