import { z } from "zod";
import "./zod-messages";
import { AmountSchema, IsoDateSchema, MoneyOutSchema } from "./common";

export const ChoreSchema = z.object({
  id: z.string(),
  childId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  reward: MoneyOutSchema,
  /** The child said it is done; the parent has yet to confirm. */
  markedDoneAt: IsoDateSchema.nullable(),
  isCompleted: z.boolean(),
  dueDate: IsoDateSchema.nullable(),
  completedAt: IsoDateSchema.nullable(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Chore = z.infer<typeof ChoreSchema>;

const DUE_DATE_MESSAGE = "Due date must be a date and time";
// A union reports its own generic issue, so the message is set on the union rather than on its members.
const DueDateSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: DUE_DATE_MESSAGE });

export const ChoreCreateSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, { message: "Title is required" })
    .max(100, { message: "Title must be at most 100 characters" }),
  description: z.string().trim().max(500).optional(),
  reward: AmountSchema("Must be a valid amount (e.g., 5.00)"),
  dueDate: DueDateSchema.optional(),
});
export type ChoreCreate = z.input<typeof ChoreCreateSchema>;

/** Any subset of a chore's fields; null clears the description or due date. */
export const ChoreUpdateSchema = z.object({
  title: ChoreCreateSchema.shape.title.optional(),
  description: z.string().trim().max(500).nullable().optional(),
  reward: ChoreCreateSchema.shape.reward.optional(),
  dueDate: DueDateSchema.nullable().optional(),
});
export type ChoreUpdate = z.input<typeof ChoreUpdateSchema>;
