import { z } from "zod";
import "./zod-messages";
import { AmountSchema, IsoDateSchema, MoneyOutSchema, RequiredTextSchema, TextSchema } from "./common";

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
/**
 * The ISO formats alone let through years PostgreSQL cannot store ("0000-01-01"); no chore is due before
 * the product existed or after the last year a date field can show, so the moment must fall in these years (UTC).
 */
const DUE_DATE_YEARS = { first: 2000, last: 9999 } as const;
const DUE_DATE_RANGE_MESSAGE = `Due date must be in the years ${DUE_DATE_YEARS.first} to ${DUE_DATE_YEARS.last}`;
// A union reports its own generic issue, so the message is set on the union rather than on its members.
const DueDateSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: DUE_DATE_MESSAGE }).refine(
  (value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= DUE_DATE_YEARS.first && year <= DUE_DATE_YEARS.last;
  },
  { message: DUE_DATE_RANGE_MESSAGE },
);

const DescriptionSchema = TextSchema("Description", { multiline: true }).max(500);

export const ChoreCreateSchema = z.object({
  title: RequiredTextSchema("Title is required").max(100, { message: "Title must be at most 100 characters" }),
  description: DescriptionSchema.optional(),
  reward: AmountSchema("Must be a valid amount (e.g., 5.00)"),
  dueDate: DueDateSchema.optional(),
});
export type ChoreCreate = z.input<typeof ChoreCreateSchema>;

/** Any subset of a chore's fields; null clears the description or due date. */
export const ChoreUpdateSchema = z.object({
  title: ChoreCreateSchema.shape.title.optional(),
  description: DescriptionSchema.nullable().optional(),
  reward: ChoreCreateSchema.shape.reward.optional(),
  dueDate: DueDateSchema.nullable().optional(),
});
export type ChoreUpdate = z.input<typeof ChoreUpdateSchema>;
