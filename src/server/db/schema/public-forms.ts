import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id } from "./columns";

export const consents = pgTable("consents", {
  id: id(),
  childAge: integer("child_age").notNull(),
  fullName: text("full_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  relationship: text("relationship").notNull(),
  verificationMethod: text("verification_method"),
  dataCollection: boolean("data_collection").notNull(),
  educational: boolean("educational").notNull(),
  thirdParty: boolean("third_party").notNull(),
  marketing: boolean("marketing").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const demoRequests = pgTable("demo_requests", {
  id: id(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  company: text("company"),
  role: text("role"),
  familySize: text("family_size"),
  timePreference: text("time_preference"),
  interests: jsonb("interests").$type<string[]>().notNull().default([]),
  message: text("message"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_email_unique").on(t.email)],
);
