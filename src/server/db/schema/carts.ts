import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CartItem, CartStatus, SuggestedItem } from "../../../shared/schemas/carts";
import { children } from "./children";
import { id, money, timestamps } from "./columns";
import { users } from "./users";

/** Half-way through a cart's window, as a UTC timestamp; the reminder sweep and its index share this expression. */
export const reminderDue = (createdAt: AnyPgColumn, expiresAt: AnyPgColumn) =>
  sql`((${createdAt} at time zone 'UTC') + ((${expiresAt} at time zone 'UTC') - (${createdAt} at time zone 'UTC')) / 2)`;

export const carts = pgTable(
  "carts",
  {
    id: id(),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    retailer: text("retailer").notNull(),
    total: money("total").notNull(),
    status: text("status").$type<CartStatus>().notNull().default("pending"),
    tag: text("tag"),
    notes: text("notes"),
    items: jsonb("items").$type<CartItem[]>().notNull(),
    decisionReason: text("decision_reason"),
    decisionNote: text("decision_note"),
    suggestedItem: jsonb("suggested_item").$type<SuggestedItem>(),
    /** The cart a child turned into this one by accepting a suggestion. */
    fromCartId: uuid("from_cart_id"),
    idempotencyKey: text("idempotency_key"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The guardian who decided; null for an automatic decision, an expiry, or a guardian since deleted. */
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** A pending cart expires here: its creation plus the family's approval window. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** When the guardians were reminded at half the window; set once, so no reminder goes twice. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** The store's order number, given when the purchase is completed. */
    orderNumber: text("order_number"),
    ...timestamps,
  },
  (t) => [
    index("carts_child_created_idx").on(t.childId, t.createdAt),
    /** The pending list reads one family's pending carts; status alone matches every family's. */
    index("carts_child_status_created_idx").on(t.childId, t.status, t.createdAt),
    uniqueIndex("carts_child_idempotency_unique").on(t.childId, t.idempotencyKey),
    /** The expiry sweep reads only pending carts, by when they fall due. */
    index("carts_pending_expires_idx").on(t.expiresAt).where(sql`status = 'pending'`),
    /**
     * The reminder sweep reads only the carts whose reminder is still to go, by the middle of their window.
     * Written in UTC timestamps because timestamptz arithmetic depends on the session's zone, and an index
     * may hold only what does not (docs/decisions/168).
     */
    index("carts_reminder_due_idx")
      .on(reminderDue(t.createdAt, t.expiresAt))
      .where(sql`status = 'pending' and reminder_sent_at is null`),
  ],
);

export type CartRow = typeof carts.$inferSelect;

/** Answers remembered for Idempotency-Key on decisions (submissions use carts.idempotency_key). */
export const idempotentResponses = pgTable("idempotent_responses", {
  key: text("key").primaryKey(),
  statusCode: text("status_code").notNull(),
  body: jsonb("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
