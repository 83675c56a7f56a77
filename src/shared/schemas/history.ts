import { z } from "zod";
import "./zod-messages";
import { INSIGHT_KINDS } from "../rules/insights";
import { CART_STATUSES, PendingCartSchema } from "./carts";
import { MoneyOutSchema } from "./common";

/* docs/decisions/161: a parent's spending history, its charts and what changed. */

export const MONTH_MESSAGE = "Month must be written YYYY-MM";
export const STATUS_MESSAGE = `Status must be one of ${CART_STATUSES.join(", ")}`;
export const CATEGORY_MESSAGE = "Category must be 1-50 characters";

/** "2026-11": a calendar month (UTC), the month a cart was asked in. */
export const MonthSchema = z
  .string({ error: MONTH_MESSAGE })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: MONTH_MESSAGE });

/** The filters every history view and its CSV take; all optional, combined with "and". */
export const HistoryFilterSchema = z.object({
  month: MonthSchema.optional(),
  status: z.enum(CART_STATUSES, { error: STATUS_MESSAGE }).optional(),
  /** A cart is in a category when one of its items is (an item without one takes the cart's tag). */
  category: z
    .string({ error: CATEGORY_MESSAGE })
    .trim()
    .min(1, { message: CATEGORY_MESSAGE })
    .max(50, {
      message: CATEGORY_MESSAGE,
    })
    .optional(),
});
export type HistoryFilter = z.infer<typeof HistoryFilterSchema>;

/** The family's history may be narrowed to one child. */
export const FamilyHistoryFilterSchema = HistoryFilterSchema.extend({
  childId: z.string().optional(),
});
export type FamilyHistoryFilter = z.infer<typeof FamilyHistoryFilterSchema>;

/** A history row is a cart with whose it is: the family view mixes children. */
export const HistoryCartSchema = PendingCartSchema;
export type HistoryCart = z.infer<typeof HistoryCartSchema>;

export const SpendingMonthSchema = z.object({
  month: z.string(),
  /** Approved and completed carts asked in the month. */
  spent: MoneyOutSchema,
  approved: z.number().int(),
  declined: z.number().int(),
});
export type SpendingMonth = z.infer<typeof SpendingMonthSchema>;

export const SpendingCategorySchema = z.object({
  /** null: items with no category in a cart with no tag. */
  category: z.string().nullable(),
  spent: MoneyOutSchema,
});
export type SpendingCategory = z.infer<typeof SpendingCategorySchema>;

export const InsightSchema = z.object({
  kind: z.enum(INSIGHT_KINDS),
  childId: z.string(),
  message: z.string(),
});
export type Insight = z.infer<typeof InsightSchema>;

export const SpendingChildSchema = z.object({
  id: z.string(),
  name: z.string(),
  profileColor: z.string(),
  /** This month's spending. */
  spent: MoneyOutSchema,
});

export const SpendingSchema = z.object({
  /** The month the figures end with (this month, UTC). */
  month: z.string(),
  /** The last 12 months, oldest first, this month last. */
  months: z.array(SpendingMonthSchema),
  /** This month's spending by category, largest first. */
  categories: z.array(SpendingCategorySchema),
  /** The children the figures cover, with this month's spending each. */
  children: z.array(SpendingChildSchema),
  insights: z.array(InsightSchema),
});
export type Spending = z.infer<typeof SpendingSchema>;
