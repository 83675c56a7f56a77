import { desc, eq } from "drizzle-orm";
import type { Achievement } from "../../../shared/schemas/achievements";
import type { Executor } from "../../db/client";
import { type AchievementRow, achievements } from "../../db/schema";

export function toAchievement(row: AchievementRow): Achievement {
  return { ...row, earnedAt: row.earnedAt.toISOString() };
}

export async function listChildAchievements(db: Executor, childId: string) {
  return db.select().from(achievements).where(eq(achievements.childId, childId)).orderBy(desc(achievements.earnedAt));
}
