import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { addedOrder, id, money, timestamps } from "./columns";
import { families } from "./families";

export const children = pgTable(
  "children",
  {
    id: id(),
    addedOrder: addedOrder(),
    /** The family the child belongs to (its owner's account id, decision 130). */
    parentId: uuid("parent_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    age: integer("age").notNull(),
    profileColor: text("profile_color").notNull().default("#8B5CF6"),
    monthlyBudget: money("monthly_budget").notNull().default(0),
    /** Spent in the month that spentMonth names ("2026-11"); another month means 0. */
    currentSpent: money("current_spent").notNull().default(0),
    spentMonth: text("spent_month").notNull().default(""),
    /** Chore rewards confirmed in bonusMonth, added to that month's budget. */
    bonusBudget: money("bonus_budget").notNull().default(0),
    bonusMonth: text("bonus_month").notNull().default(""),
    /**
     * Moved from goalMonth's budget into savings goals (docs/product-contract.md "Learning and saving"), less
     * what deleted goals returned in that month; another month means 0. It can be below 0 when a goal saved in
     * earlier months is deleted: that money comes back into this month's budget.
     */
    goalTransfers: money("goal_transfers").notNull().default(0),
    goalMonth: text("goal_month").notNull().default(""),
    /** The latest month whose end has been judged for month-end badges; months reset lazily, so this is judged lazily. */
    reviewedMonth: text("reviewed_month").notNull().default(""),
    autoApprovalLimit: money("auto_approval_limit").notNull().default(0),
    /**
     * docs/product-contract.md "Privacy rights": not_needed, required, pending or verified. A child under 13
     * signs in nowhere until a parent's consent is verified (docs/decisions/157).
     */
    consentStatus: text("consent_status").$type<ConsentStatus>().notNull().default("not_needed"),
    isActive: boolean("is_active").notNull().default(true),
    requireApprovalForAll: boolean("require_approval_for_all").notNull().default(false),
    blockAdultContent: boolean("block_adult_content").notNull().default(true),
    notifyPurchaseApprovals: boolean("notify_purchase_approvals").notNull().default(true),
    notifyBudgetWarnings: boolean("notify_budget_warnings").notNull().default(true),
    notifyAchievementUpdates: boolean("notify_achievement_updates").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("children_parent_idx").on(t.parentId)],
);

export type ChildRow = typeof children.$inferSelect;
export type ConsentStatus = "not_needed" | "required" | "pending" | "verified";

/** One-time child sign-in codes; the code itself is stored only as a SHA-256. */
export const childLoginCodes = pgTable(
  "child_login_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A new code deletes the child's unused ones, and deleting a child cascades here.
  (t) => [index("child_login_codes_child_idx").on(t.childId)],
);
