import { z } from "zod";
import "./zod-messages";
import { LESSON_TRIGGERS } from "../lessons";
import { LESSON_STATUSES } from "../rules/lessons";
import { IsoDateSchema } from "./common";

/** docs/product-contract.md "Learning and saving": one lesson as a child stands with it (docs/decisions/154). */
export const LessonSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  minutes: z.number().int(),
  status: z.enum(LESSON_STATUSES),
  /** What opens the lesson, for the hint a locked one shows. */
  unlockedBy: z.enum(LESSON_TRIGGERS),
  unlockedAt: IsoDateSchema.nullable(),
  /** When a try first passed. */
  completedAt: IsoDateSchema.nullable(),
  /** The best try so far; absent before any. */
  score: z.object({ correct: z.number().int(), total: z.number().int() }).optional(),
});
export type LessonSummary = z.infer<typeof LessonSummarySchema>;

/** The most questions a lesson could ever have; a longer sheet is refused before it is read. */
const MAX_ANSWERS = 20;

export const ANSWERS_MESSAGE = "Choose one answer for each question";

export const LessonCompleteSchema = z.object({
  answers: z
    .array(z.number({ error: ANSWERS_MESSAGE }).int({ message: ANSWERS_MESSAGE }), { error: ANSWERS_MESSAGE })
    .max(MAX_ANSWERS, { message: ANSWERS_MESSAGE }),
});
export type LessonComplete = z.infer<typeof LessonCompleteSchema>;

export const LessonResultSchema = z.object({
  correct: z.number().int(),
  total: z.number().int(),
  passed: z.boolean(),
  /** The titles of the badges this try earned, each only the first time. */
  badges: z.array(z.string()),
});
export type LessonResult = z.infer<typeof LessonResultSchema>;
