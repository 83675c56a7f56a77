import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { children } from "./children";
import { id } from "./columns";
import { families } from "./families";
import { users } from "./users";

/**
 * A parent's consent for one child (docs/decisions/157): who gave it, how it is verified, what it covers
 * (collection, and disclosure to third parties, separately) and when. Kept for as long as the child's
 * account (the retention policy), so it goes with the family.
 */
export const childConsents = pgTable(
  "child_consents",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    /** The guardian who gave it; null once that guardian has left the family. */
    givenBy: uuid("given_by").references(() => users.id, { onDelete: "set null" }),
    /** A human-readable reference the parent and staff quote, e.g. "PWC-7K3M-Q9XD". */
    reference: text("reference").notNull(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    relationship: text("relationship").notNull(),
    method: text("method").$type<ConsentMethod>().notNull(),
    /** The parent's typed full name under the consent statement, for the methods staff review. */
    signature: text("signature"),
    dataCollection: boolean("data_collection").notNull(),
    educational: boolean("educational").notNull(),
    thirdParty: boolean("third_party").notNull(),
    marketing: boolean("marketing").notNull(),
    status: text("status").$type<ConsentRecordStatus>().notNull(),
    /** The card check's Checkout Session and payment, refunded at once. */
    checkoutSessionId: text("checkout_session_id"),
    paymentIntentId: text("payment_intent_id"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The staff member who reviewed it, or "card check". */
    decidedBy: text("decided_by"),
    rejectionReason: text("rejection_reason"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("child_consents_reference_unique").on(t.reference),
    index("child_consents_child_idx").on(t.childId, t.createdAt),
    index("child_consents_status_idx").on(t.status, t.createdAt),
  ],
);

export type ChildConsentRow = typeof childConsents.$inferSelect;
export type ConsentMethod = "credit-card" | "government-id" | "phone-verification";
/**
 * awaiting_payment: the card check has not come back; pending: waiting for staff; verified; rejected by staff;
 * withdrawn by a parent; replaced by a newer consent for the same child before it was decided.
 */
export type ConsentRecordStatus = "awaiting_payment" | "pending" | "verified" | "rejected" | "withdrawn" | "replaced";
