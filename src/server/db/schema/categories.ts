import { boolean, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { children } from "./children";
import { id, money, timestamps } from "./columns";

export const budgetCategories = pgTable(
  "budget_categories",
  {
    id: id(),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    monthlyLimit: money("monthly_limit").notNull().default(0),
    currentSpent: money("current_spent").notNull().default(0),
    spentMonth: text("spent_month").notNull().default(""),
    isRestricted: boolean("is_restricted").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("budget_categories_child_name_unique").on(t.childId, t.name)],
);

export type BudgetCategoryRow = typeof budgetCategories.$inferSelect;
