import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { carts } from "./carts";
import { money } from "./columns";
import { users } from "./users";

/** The four kinds of notification a guardian can turn on or off, per channel. */
export type NotificationKind = "approvals" | "reminders" | "budgetWarnings" | "achievements";
export type NotificationChannels = {
  email: Record<NotificationKind, boolean>;
  push: Record<NotificationKind, boolean>;
};

/** A guardian's own preferences (GET/PATCH /api/account/notifications); no row means all on. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  channels: jsonb("channels").$type<NotificationChannels>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A device a guardian turned push notifications on for (Web Push, RFC 8030/8291). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * Secrets the app makes once and every instance shares (the VAPID key pair, the unsubscribe links'
 * signing key): inserted if absent, then read, so two instances starting together agree.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: jsonb("value").$type<Record<string, string>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Decision = "approved" | "declined";

/**
 * docs/product-contract.md "Deciding from anywhere": a one-tap decision link, stored only as a SHA-256,
 * bound to one guardian, one cart, one decision and the cart's total; used once, lapsing with the cart.
 */
export const decisionTokens = pgTable(
  "decision_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    decision: text("decision").$type<Decision>().notNull(),
    total: money("total").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("decision_tokens_cart_idx").on(t.cartId)],
);

/** `skipped`: its moment passed before it went (the cart was decided first, the guardian left the family). */
export type OutboundStatus = "queued" | "sending" | "sent" | "failed" | "skipped";

/**
 * What happened that someone should hear about, written as one `intent` row in the transaction that made
 * it happen; the worker turns it into messages for each guardian whose settings allow them (decision 133).
 */
export type NotificationIntent =
  | { type: "cart.waiting" | "cart.reminder" | "cart.expired"; familyId: string; childId: string; cartId: string }
  | { type: "budget.warning"; familyId: string; childId: string; percent: number }
  | { type: "badge.earned"; familyId: string; childId: string; badgeType: string }
  /** `invitedBy`: the inviter's name as the e-mail shows it. */
  | { type: "guardian.invitation"; familyId: string; email: string; link: string; invitedBy?: string | null }
  /**
   * An account e-mail composed by its cause (a consent decided, an account deleted), sent to one address
   * whatever the preferences say: it is a notice the parent must receive, not a notification.
   */
  | { type: "account.notice"; email: string; mail: { subject: string; text: string; html: string } };

export type NotificationIntentType = NotificationIntent["type"];

/**
 * The notification outbox: one row per message to one guardian on one channel, written in the
 * transaction that caused it (so it exists exactly when the cause committed), and sent by a worker
 * that claims rows with SKIP LOCKED, so two instances never send one twice.
 */
export const outboundMessages = pgTable(
  "outbound_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** `intent`: one per event, expanded by the worker into `email` and `push` rows, one per guardian. */
    channel: text("channel").$type<"intent" | "email" | "push">().notNull(),
    /** Who receives it; null for an address that is no account yet (an invitation). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** What it is about: cart.waiting, cart.reminder, cart.expired, budget.warning, badge.earned, guardian.invitation. */
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<OutboundStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** When it may next be tried (also: a claim's lease ends here, so a crashed sender's rows are retried). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbound_messages_due_idx").on(t.status, t.nextAttemptAt)],
);

export type OutboundMessageRow = typeof outboundMessages.$inferSelect;
