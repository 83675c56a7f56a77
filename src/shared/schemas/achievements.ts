import { z } from "zod";
import "./zod-messages";
import { IsoDateSchema } from "./common";

export const AchievementSchema = z.object({
  id: z.string(),
  childId: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string(),
  earnedAt: IsoDateSchema,
});
export type Achievement = z.infer<typeof AchievementSchema>;
