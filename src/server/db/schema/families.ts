import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, timestamps } from "./columns";
import { users } from "./users";

/*
 * docs/product-contract.md "The family and its guardians" and docs/decisions/130: a family owns the
 * children, the plan and the settings; adults are its guardians. A family's id is its owner's account
 * id: the family is made with that account, its plan and the month's purchase count are kept on the
 * owner's row (the row every family write locks first, decision 003), and children.parent_id names it.
 */
export const families = pgTable(
  "families",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How long a cart waits for a guardian before it expires; 1-168, default 48. */
    approvalWindowHours: integer("approval_window_hours").notNull().default(48),
    ...timestamps,
  },
  // The staff Families list, newest first by (created_at, id).
  (t) => [index("families_created_idx").on(t.createdAt, t.id)],
);

export type FamilyRow = typeof families.$inferSelect;

export type GuardianRole = "owner" | "guardian";

/** Each adult is a guardian of exactly one family: the one they own, or the one they joined. */
export const familyGuardians = pgTable(
  "family_guardians",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    role: text("role").$type<GuardianRole>().notNull(),
    /** An approval above this answers 403; null means no limit of their own. */
    approvalLimit: money("approval_limit"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("family_guardians_family_idx").on(t.familyId)],
);

export type GuardianRow = typeof familyGuardians.$inferSelect;

/** An invitation to join a family; the link's token is stored only as a SHA-256. */
export const familyInvitations = pgTable(
  "family_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    /** Lower-cased, as accounts' e-mails are compared. */
    email: text("email").notNull(),
    approvalLimit: money("approval_limit"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    /** Set when a newer invitation to the same address replaces this one, or the owner withdraws it. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("family_invitations_family_idx").on(t.familyId),
    /** One open invitation per address and family: a new one replaces the old (its link stops working). */
    uniqueIndex("family_invitations_open_unique")
      .on(t.familyId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

export type FamilyInvitationRow = typeof familyInvitations.$inferSelect;
