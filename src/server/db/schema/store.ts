import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CartItem } from "../../../shared/schemas/carts";
import { carts } from "./carts";
import { children } from "./children";
import { addedOrder, money, timestamps } from "./columns";

/*
 * docs/product-contract.md "Asking from the store": a child's remembered devices, the partner stores
 * (merchants), their hosted checkout sessions and the webhooks that tell them what happened.
 */

export type ChildDeviceKind = "browser" | "extension";

/**
 * A device a child stays signed in on: a browser (`remember: true`, its session carries the device id)
 * or the browser extension (a bearer token, stored only as a SHA-256). Deleting the row ends it at once.
 */
export const childDevices = pgTable(
  "child_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ChildDeviceKind>().notNull(),
    name: text("name").notNull(),
    /** The extension's bearer token's SHA-256; null for a browser, whose session cookie is the credential. */
    tokenHash: text("token_hash").unique(),
    /** 30 days after the last use (docs/product-contract.md "Asking from the store"). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("child_devices_child_idx").on(t.childId)],
);

export type ChildDeviceRow = typeof childDevices.$inferSelect;

/** A partner store registered by staff. Its API key is kept as a SHA-256, its webhook secret encrypted. */
export const merchants = pgTable("merchants", {
  id: uuid("id").primaryKey().defaultRandom(),
  addedOrder: addedOrder(),
  name: text("name").notNull(),
  domain: text("domain").notNull(),
  webhookUrl: text("webhook_url").notNull(),
  apiKeyHash: text("api_key_hash").notNull().unique(),
  /** AES-256-GCM of the webhook secret under a key kept in server_secrets: it must be recovered to sign. */
  webhookSecretEncrypted: text("webhook_secret_encrypted").notNull(),
  isActive: boolean("is_active").notNull().default(true),
  ...timestamps,
});

export type MerchantRow = typeof merchants.$inferSelect;

export type CheckoutSessionStatus = "open" | "pending" | "approved" | "declined" | "expired" | "completed";

export type CheckoutItem = Omit<CartItem, "category">;

/** A merchant's hosted checkout: open until a child sends it, then it follows its cart. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    merchantId: uuid("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    items: jsonb("items").$type<CheckoutItem[]>().notNull(),
    total: money("total").notNull(),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    status: text("status").$type<CheckoutSessionStatus>().notNull().default("open"),
    cartId: uuid("cart_id").references(() => carts.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key"),
    /** The answer given to the first request with this Idempotency-Key, for a retry to get the same. */
    requestHash: text("request_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("checkout_sessions_merchant_idempotency_unique").on(t.merchantId, t.idempotencyKey),
    index("checkout_sessions_cart_idx").on(t.cartId),
    index("checkout_sessions_open_expires_idx").on(t.expiresAt),
  ],
);

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export type WebhookStatus = "pending" | "delivered" | "failed";

/**
 * One webhook event to one merchant: its id and body never change across retries; attempts back off
 * for at least 72 hours (docs/product-contract.md "Asking from the store").
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    merchantId: uuid("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    checkoutSessionId: uuid("checkout_session_id").references(() => checkoutSessions.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    /** The exact JSON body sent every time, so its signature and id stay the same. */
    body: text("body").notNull(),
    status: text("status").$type<WebhookStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_events_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_events_merchant_idx").on(t.merchantId, t.createdAt),
  ],
);

export type WebhookEventRow = typeof webhookEvents.$inferSelect;
