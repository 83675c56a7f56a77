import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { children } from "./children";
import { addedOrder, id } from "./columns";

export const achievements = pgTable(
  "achievements",
  {
    id: id(),
    addedOrder: addedOrder(),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("achievements_child_type_unique").on(t.childId, t.type)],
);

export type AchievementRow = typeof achievements.$inferSelect;
