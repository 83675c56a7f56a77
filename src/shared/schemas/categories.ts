import { z } from "zod";
import "./zod-messages";
import { AmountSchema, IsoDateSchema, MoneyOutSchema, RequiredTextSchema } from "./common";

const NameSchema = RequiredTextSchema("Name is required").max(50, { message: "Name must be at most 50 characters" });

export const CategoryCreateSchema = z.object({
  name: NameSchema,
  /** "0.00" means no monthly limit for the category. */
  monthlyLimit: AmountSchema("Must be a valid amount (e.g., 20.00)").default("0.00"),
  isRestricted: z.boolean({ error: "Restricted must be true or false" }).default(false),
});
export type CategoryCreate = z.input<typeof CategoryCreateSchema>;

export const CategoryUpdateSchema = z.object({
  name: NameSchema.optional(),
  monthlyLimit: AmountSchema("Must be a valid amount (e.g., 20.00)").optional(),
  isRestricted: z.boolean({ error: "Restricted must be true or false" }).optional(),
});
export type CategoryUpdate = z.input<typeof CategoryUpdateSchema>;

export const CategorySchema = z.object({
  id: z.string(),
  childId: z.string(),
  name: z.string(),
  monthlyLimit: MoneyOutSchema,
  /** Spent in the category this month. */
  currentSpent: MoneyOutSchema,
  isRestricted: z.boolean(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryParamsSchema = z.object({ id: z.string(), categoryId: z.string() });
