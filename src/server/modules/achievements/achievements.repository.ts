import { and, eq } from "drizzle-orm";
import type { Achievement } from "../../../shared/schemas/achievements";
import type { Executor } from "../../db/client";
import { type AchievementRow, achievements } from "../../db/schema";
import { orderedBy, type Page, pastCursor } from "../../lib/paging";

export function toAchievement({ addedOrder: _, ...row }: AchievementRow): Achievement {
  return { ...row, earnedAt: row.earnedAt.toISOString() };
}

/** A child's badges, newest first; badges earned together come newest added first (docs/decisions/166). */
export async function listChildAchievements(db: Executor, childId: string, page: Page) {
  return db
    .select()
    .from(achievements)
    .where(
      and(
        eq(achievements.childId, childId),
        pastCursor(achievements, achievements.earnedAt, page.cursor, "desc", achievements.addedOrder),
      ),
    )
    .orderBy(...orderedBy(achievements, achievements.earnedAt, "desc", achievements.addedOrder))
    .limit(page.limit + 1);
}
