import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";

/** "First Last" as staff search it; the search and its index share this expression. */
export const fullName = (firstName: AnyPgColumn, lastName: AnyPgColumn) =>
  sql`(coalesce(${firstName}, '') || ' ' || coalesce(${lastName}, ''))`;

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    /** null for accounts that sign in only through OpenID Connect. */
    passwordHash: text("password_hash"),
    oidcSubject: text("oidc_subject"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    subscriptionTier: text("subscription_tier").notNull().default("free"),
    monthlyPurchases: integer("monthly_purchases").notNull().default(0),
    monthlyPurchaseLimit: integer("monthly_purchase_limit").notNull().default(5),
    /** Start of the month monthlyPurchases counts; an older value means the count is 0. */
    lastResetDate: timestamp("last_reset_date", { withTimezone: true }).notNull().defaultNow(),
    hasSeenUpgradeNudge: boolean("has_seen_upgrade_nudge").notNull().default(false),
    upgradeNudgeCount: integer("upgrade_nudge_count").notNull().default(0),
    upgradeClickCount: integer("upgrade_click_count").notNull().default(0),
    lastUpgradeClickAt: timestamp("last_upgrade_click_at", { withTimezone: true }),
    isVerified: boolean("is_verified").notNull().default(false),
    verificationMethod: text("verification_method"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_oidc_subject_unique").on(t.oidcSubject),
    // Sign-up and sign-in find an account by its address in any case (`lower(email) = $1`), and staff search
    // by its start (`lower(email) like 'abc%'`), which only the pattern operators can serve whatever the
    // database's collation (docs/decisions/168).
    index("users_email_lower_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    // The staff Users list, newest first by (created_at, id).
    index("users_created_idx").on(t.createdAt, t.id),
    // Staff search a name by the start of the first name, the whole name, or the last name.
    index("users_full_name_idx").on(sql`lower(${fullName(t.firstName, t.lastName)}) text_pattern_ops`),
    index("users_last_name_idx").on(sql`lower(${t.lastName}) text_pattern_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;
