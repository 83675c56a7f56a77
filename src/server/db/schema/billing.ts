import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { families } from "./families";
import { admins } from "./staff";
import { users } from "./users";

/*
 * docs/product-contract.md "Plans and payments": a family's subscription as Stripe last told us, the events
 * Stripe sent (each applied once), the plan time granted by referrals, and what staff changed by hand. The
 * plan every rule reads stays on the owner's row (users.subscription_tier), recomputed from these under the
 * family's lock whenever one of them changes (docs/decisions/150).
 */

export type PaidTier = "family" | "premium" | "family_plus";

export const familyBilling = pgTable("family_billing", {
  familyId: uuid("family_id")
    .primaryKey()
    .references(() => families.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").unique(),
  stripeSubscriptionId: text("stripe_subscription_id").unique(),
  /** The paid plan the subscription is for. */
  subscribedPlan: text("subscribed_plan").$type<PaidTier>(),
  /** Stripe's subscription status (trialing, active, past_due, unpaid, canceled, incomplete, ...). */
  status: text("status"),
  trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  /** A family has one trial without a card: set when its first subscription starts. */
  trialUsedAt: timestamp("trial_used_at", { withTimezone: true }),
  /** When the current run of failed payments began; cleared by a paid invoice. */
  paymentFailedAt: timestamp("payment_failed_at", { withTimezone: true }),
  /** Set 7 days after paymentFailedAt: the family has the Free plan's limits until it pays. */
  suspendedAt: timestamp("suspended_at", { withTimezone: true }),
  /** The Stripe `created` time of the newest subscription or invoice event applied; older ones change nothing. */
  stateAsOf: timestamp("state_as_of", { withTimezone: true }),
  /** The plan staff set by hand (how plans change when payments are not configured); null = none. */
  staffPlan: text("staff_plan").$type<PaidTier>(),
  /** Plan time granted by referral rewards when payments are not configured. */
  grantedPlan: text("granted_plan").$type<PaidTier>(),
  grantedUntil: timestamp("granted_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type FamilyBillingRow = typeof familyBilling.$inferSelect;

/** Every Stripe event received, by its id: a redelivery finds its row and changes nothing. */
export const stripeEvents = pgTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** Stripe's `created`, the order events are applied in. */
    created: timestamp("created", { withTimezone: true }).notNull(),
    familyId: uuid("family_id").references(() => families.id, { onDelete: "set null" }),
    /** applied, stale (older than the state it would change), or ignored (not about a family we know). */
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stripe_events_received_idx").on(t.receivedAt)],
);

/** What a staff member changed, and when (plans set by hand, refunds). */
export const staffAuditLog = pgTable(
  "staff_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: uuid("admin_id").references(() => admins.id, { onDelete: "set null" }),
    /** Kept beside the id so the record outlives the staff account. */
    adminEmail: text("admin_email").notNull(),
    action: text("action").notNull(),
    familyId: uuid("family_id").references(() => families.id, { onDelete: "set null" }),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("staff_audit_log_family_idx").on(t.familyId, t.createdAt),
    index("staff_audit_log_created_idx").on(t.createdAt),
  ],
);

/*
 * Referrals (spec 001 §9): each parent's link /r/{code}; a sign-up through it names its referrer; each reward
 * tier is granted once.
 */
export const referralCodes = pgTable("referral_codes", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const referrals = pgTable(
  "referrals",
  {
    /** The account that signed up through the link: each account is referred at most once. */
    referredUserId: uuid("referred_user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    referrerId: uuid("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("referrals_referrer_idx").on(t.referrerId)],
);

export const referralRewards = pgTable(
  "referral_rewards",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The tier's number of referrals: 1, 3, 5 or 10. */
    tier: integer("tier").notNull(),
    /** stripe_credit or plan_time. */
    kind: text("kind").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tier] })],
);

/** Invitations sent from the invite box: one per address per week (docs/decisions/151). */
export const referralInvites = pgTable(
  "referral_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("referral_invites_email_idx").on(t.email, t.sentAt),
    index("referral_invites_user_idx").on(t.userId, t.sentAt),
  ],
);
