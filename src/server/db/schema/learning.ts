import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { children } from "./children";
import { money, timestamps } from "./columns";
import { users } from "./users";

/*
 * docs/product-contract.md "Learning and saving": a child's savings goals and what moved into them, and the
 * lessons a child has opened and passed. Lessons themselves are content in the repository
 * (src/shared/lessons), so only their ids are stored.
 */

export type GoalStatus = "active" | "reached" | "bought";

export const savingsGoals = pgTable(
  "savings_goals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    target: money("target").notNull(),
    /** What has moved into the goal: the child's contributions and parents' matches. */
    saved: money("saved").notNull().default(0),
    url: text("url"),
    status: text("status").$type<GoalStatus>().notNull().default("active"),
    reachedAt: timestamp("reached_at", { withTimezone: true }),
    /** The cart asked for once the goal was reached ("Ask to buy it"). */
    cartId: uuid("cart_id"),
    ...timestamps,
  },
  (t) => [index("savings_goals_child_idx").on(t.childId, t.createdAt)],
);

export type SavingsGoalRow = typeof savingsGoals.$inferSelect;

export type GoalContributionSource = "child" | "match";

export const goalContributions = pgTable(
  "goal_contributions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    goalId: uuid("goal_id")
      .notNull()
      .references(() => savingsGoals.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    /** child: out of the month's budget left; match: added by a guardian, outside the child's budget. */
    source: text("source").$type<GoalContributionSource>().notNull(),
    byUserId: uuid("by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("goal_contributions_goal_idx").on(t.goalId, t.createdAt)],
);

/** A lesson a real event opened for a child, once. */
export const lessonUnlocks = pgTable(
  "lesson_unlocks",
  {
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id").notNull(),
    unlockedAt: timestamp("unlocked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.childId, t.lessonId] })],
);

/** Each try at a lesson's questions; a lesson is completed once a try passed. */
export const lessonAttempts = pgTable(
  "lesson_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id").notNull(),
    answers: jsonb("answers").$type<number[]>().notNull(),
    correct: integer("correct").notNull(),
    total: integer("total").notNull(),
    passedAt: timestamp("passed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lesson_attempts_child_idx").on(t.childId, t.lessonId, t.createdAt)],
);
