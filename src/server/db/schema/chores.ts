import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { children } from "./children";
import { id, money, timestamps } from "./columns";

export const chores = pgTable(
  "chores",
  {
    id: id(),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    reward: money("reward").notNull(),
    /** Set when the child marks the chore done; the parent then confirms it. */
    markedDoneAt: timestamp("marked_done_at", { withTimezone: true }),
    isCompleted: boolean("is_completed").notNull().default(false),
    dueDate: timestamp("due_date", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("chores_child_idx").on(t.childId)],
);

export type ChoreRow = typeof chores.$inferSelect;
