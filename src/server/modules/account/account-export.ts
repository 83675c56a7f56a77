import { Readable } from "node:stream";
import { eq, getTableColumns, getTableName, inArray, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { formatCents } from "../../../shared/rules/money";
import type { Executor } from "../../db/client";
import {
  achievements,
  budgetCategories,
  carts,
  childConsents,
  childDevices,
  children,
  chores,
  emailChanges,
  events,
  families,
  familyBilling,
  familyGuardians,
  familyInvitations,
  goalContributions,
  lessonAttempts,
  lessonUnlocks,
  notificationPreferences,
  outboundMessages,
  pushSubscriptions,
  referralCodes,
  referralInvites,
  referralRewards,
  referrals,
  savingsGoals,
  staffAuditLog,
  supportTickets,
  ticketReplies,
  users,
  workflowExecutions,
} from "../../db/schema";

/*
 * docs/decisions/158: GET /api/account/export, everything the family holds and everything the signed-in adult
 * holds of their own, as one JSON document written table by table. Every table of src/server/db/schema is
 * either a section below or in NOT_EXPORTED with its reason; account-export.test.ts walks the schema and fails
 * on a table that is in neither, so a new table cannot be forgotten.
 */

/** Whose data is exported: the signed-in adult and the family they are a guardian of. */
export interface ExportScope {
  userId: string;
  familyId: string;
}

interface Section {
  /** The key of the section in the document. */
  key: string;
  table: PgTable;
  /** Which rows of the table are the family's (or the adult's own). */
  where: (scope: ExportScope, db: Executor) => SQL | undefined;
  /** Columns held but never exported: secrets (hashes of tokens and codes) and Stripe's ids. */
  omit?: string[];
  /** The section is one object (or null) rather than a list. */
  single?: boolean;
  /** Rows read another way than the table's own columns (a join). */
  read?: (db: Executor, where: SQL | undefined) => Promise<Record<string, unknown>[]>;
}

const childrenOf = (db: Executor, familyId: string) =>
  db.select({ id: children.id }).from(children).where(eq(children.parentId, familyId));
const byChild = (column: PgColumn) => (s: ExportScope, db: Executor) => inArray(column, childrenOf(db, s.familyId));

export const EXPORT_SECTIONS: Section[] = [
  { key: "account", table: users, where: (s) => eq(users.id, s.userId), omit: ["passwordHash"], single: true },
  { key: "family", table: families, where: (s) => eq(families.id, s.familyId), single: true },
  {
    key: "billing",
    table: familyBilling,
    where: (s) => eq(familyBilling.familyId, s.familyId),
    omit: ["stripeCustomerId", "stripeSubscriptionId"],
    single: true,
  },
  {
    // Each guardian with the name and e-mail the family sees (GET /api/family).
    key: "guardians",
    table: familyGuardians,
    where: (s) => eq(familyGuardians.familyId, s.familyId),
    read: (db, where) =>
      db
        .select({
          ...getTableColumns(familyGuardians),
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(familyGuardians)
        .innerJoin(users, eq(users.id, familyGuardians.userId))
        .where(where),
  },
  {
    key: "invitations",
    table: familyInvitations,
    where: (s) => eq(familyInvitations.familyId, s.familyId),
    omit: ["tokenHash"],
  },
  { key: "children", table: children, where: (s) => eq(children.parentId, s.familyId) },
  { key: "childDevices", table: childDevices, where: byChild(childDevices.childId), omit: ["tokenHash"] },
  { key: "carts", table: carts, where: byChild(carts.childId), omit: ["idempotencyKey"] },
  { key: "chores", table: chores, where: byChild(chores.childId) },
  { key: "badges", table: achievements, where: byChild(achievements.childId) },
  { key: "categories", table: budgetCategories, where: byChild(budgetCategories.childId) },
  { key: "goals", table: savingsGoals, where: byChild(savingsGoals.childId) },
  {
    key: "goalContributions",
    table: goalContributions,
    where: (s, db) =>
      inArray(
        goalContributions.goalId,
        db
          .select({ id: savingsGoals.id })
          .from(savingsGoals)
          .where(inArray(savingsGoals.childId, childrenOf(db, s.familyId))),
      ),
  },
  { key: "lessons", table: lessonUnlocks, where: byChild(lessonUnlocks.childId) },
  { key: "lessonAttempts", table: lessonAttempts, where: byChild(lessonAttempts.childId) },
  {
    key: "consents",
    table: childConsents,
    where: (s) => eq(childConsents.familyId, s.familyId),
    omit: ["checkoutSessionId", "paymentIntentId"],
  },
  { key: "events", table: events, where: (s) => eq(events.familyId, s.familyId) },
  // The adult's own: what was sent to them, their switches and devices, tickets, referrals and automations.
  { key: "notifications", table: outboundMessages, where: (s) => eq(outboundMessages.userId, s.userId) },
  {
    key: "notificationPreferences",
    table: notificationPreferences,
    where: (s) => eq(notificationPreferences.userId, s.userId),
    single: true,
  },
  {
    // The endpoint and keys let anyone who holds them push to the device: they are credentials.
    key: "pushDevices",
    table: pushSubscriptions,
    where: (s) => eq(pushSubscriptions.userId, s.userId),
    omit: ["endpoint", "p256dh", "auth"],
  },
  { key: "supportTickets", table: supportTickets, where: (s) => eq(supportTickets.userId, s.userId) },
  {
    key: "ticketReplies",
    table: ticketReplies,
    where: (s, db) =>
      inArray(
        ticketReplies.ticketId,
        db.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.userId, s.userId)),
      ),
    omit: ["adminId"],
  },
  { key: "referralCode", table: referralCodes, where: (s) => eq(referralCodes.userId, s.userId), single: true },
  {
    key: "referrals",
    table: referrals,
    where: (s) => or(eq(referrals.referrerId, s.userId), eq(referrals.referredUserId, s.userId)),
  },
  { key: "referralRewards", table: referralRewards, where: (s) => eq(referralRewards.userId, s.userId) },
  { key: "referralInvites", table: referralInvites, where: (s) => eq(referralInvites.userId, s.userId) },
  { key: "emailChanges", table: emailChanges, where: (s) => eq(emailChanges.userId, s.userId), omit: ["tokenHash"] },
  { key: "automations", table: workflowExecutions, where: (s) => eq(workflowExecutions.userId, s.userId) },
  {
    // What staff changed for the family (plans set by hand, refunds); staff members are not named.
    key: "staffChanges",
    table: staffAuditLog,
    where: (s) => eq(staffAuditLog.familyId, s.familyId),
    omit: ["adminId", "adminEmail"],
  },
];

/**
 * Tables held but not exported, each with why. Secrets are listed in the document's `notExported` too, so the
 * family knows they exist.
 */
export const NOT_EXPORTED: Record<string, string> = {
  // Secrets only: hashes of tokens and codes, each tied to a row exported above.
  sessions: "sign-in sessions: a hash of each browser's cookie, who it belongs to and when it ends",
  password_resets: "password reset links: a hash of each link's token and when it ends",
  child_login_codes: "children's one-time sign-in codes: a hash of each code and when it ends",
  decision_tokens: "one-tap decision links in e-mails: a hash of each link's token, its guardian and cart",
  rate_limits: "counters of attempts (sign-ins, password checks, downloads) that hold back guessing and floods",
  idempotent_responses: "copies of answers to repeated decisions, kept a day; the carts above hold the same",
  stripe_events: "the ids and types of the payment provider's events, kept so that each is applied once",
  // No family data: the service's own, staff's, or partner stores'.
  server_secrets: "the service's own keys (no family data)",
  admins: "staff accounts (no family data)",
  workflows: "the definitions of automations (no family data); each run for this account is under automations",
  merchants: "partner stores (no family data)",
  checkout_sessions: "a partner store's checkout: the store's own record; the cart it became is under carts",
  webhook_events: "what was sent to partner stores about their checkouts; the carts are under carts",
  // Visitor forms carry an e-mail typed by anyone, and no account or family id: they cannot be told apart as
  // this family's, so support answers for them (docs/decisions/158).
  consents: "consent forms sent from the public website, which carry no family (this family's are under consents)",
  demo_requests: "demo requests sent from the public website, which carry no account",
  newsletter_subscribers: "newsletter sign-ups from the public website, which carry no account",
};

/** The section's rows as JSON: money as "12.50" strings, dates as ISO strings, omitted columns left out. */
function serializer(section: Section) {
  const omitted = new Set(section.omit);
  const money = new Set(
    Object.entries(getTableColumns(section.table))
      .filter(([, column]) => column.getSQLType().startsWith("numeric"))
      .map(([key]) => key),
  );
  return (row: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      if (omitted.has(key)) continue;
      out[key] = money.has(key) && typeof value === "number" ? formatCents(value) : value;
    }
    return JSON.stringify(out);
  };
}

/** Rows are written in pieces of about this many characters, rather than one write per row. */
const PIECE_CHARS = 64 * 1024;

/**
 * The document, a piece at a time: one query per section, each written as soon as it is read, so the reply
 * never holds more than one table's rows. Sections are read one after another, not in one snapshot: a
 * transaction open for as long as a slow download would hold a database connection all that time.
 */
export async function* exportDocument(db: Executor, scope: ExportScope, now: Date): AsyncGenerator<string> {
  yield `{"format":"pocketwise-export","version":1,"exportedAt":${JSON.stringify(now.toISOString())}`;
  yield `,"notExported":${JSON.stringify(NOT_EXPORTED)}`;
  for (const section of EXPORT_SECTIONS) {
    const toJson = serializer(section);
    const where = section.where(scope, db);
    const rows = section.read
      ? await section.read(db, where)
      : ((await db.select().from(section.table).where(where)) as Record<string, unknown>[]);
    const key = JSON.stringify(section.key);
    if (section.single) {
      yield `,${key}:${rows[0] ? toJson(rows[0]) : "null"}`;
      continue;
    }
    let piece = `,${key}:[`;
    for (const [i, row] of rows.entries()) {
      piece += `${i ? "," : ""}${toJson(row)}`;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = "";
      }
    }
    yield `${piece}]`;
  }
  yield "}\n";
}

export const exportStream = (db: Executor, scope: ExportScope, now: Date) =>
  Readable.from(exportDocument(db, scope, now), { objectMode: false });

/** `pocketwise-export-YYYY-MM-DD.json`, the day in UTC. */
export const exportFileName = (now: Date) => `pocketwise-export-${now.toISOString().slice(0, 10)}.json`;

/** The names of the tables the document exports, for the completeness test. */
export const exportedTables = () => new Set(EXPORT_SECTIONS.map((s) => getTableName(s.table)));
