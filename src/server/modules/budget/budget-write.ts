import { type Column, getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { announceSql, type EventInsert, insertEventsSql } from "../../db/live-events";
import { arrayParam, executePrepared } from "../../db/prepared";
import {
  achievements,
  type BudgetCategoryRow,
  budgetCategories,
  type CartRow,
  type ChildRow,
  carts,
  children,
  idempotentResponses,
  type UserRow,
  users,
} from "../../db/schema";
import { checkoutWebhooksSql } from "./checkout-webhooks";
import { notificationIntentsSql } from "./notification-intents";

/**
 * Everything a budget write changes, as the rows will be afterwards. Every row was read under its
 * family's lock, so writing whole values (not increments) loses no update.
 */
export interface BudgetChanges {
  newCarts: CartRow[];
  decidedCarts: CartRow[];
  /** Only the month's figures (spending, bonus, money moved to goals, the month judged) change here. */
  children: ChildRow[];
  /**
   * A child's settings as a guardian saved them (budget, limit, rules, switches, profile); never in the
   * same write as the child's month figures, whose columns are the `children` part's.
   */
  childSettings: ChildRow[];
  /** Only the plan's purchase count changes here. */
  users: UserRow[];
  categories: BudgetCategoryRow[];
  badges: Omit<typeof achievements.$inferInsert, "id">[];
  /** Answers saved for a decision's Idempotency-Key. */
  answers: (typeof idempotentResponses.$inferInsert)[];
  /** Events the family's screens hear once this commits (announcements.ts adds the budget's own). */
  events: EventInsert[];
}

export const noChanges = (): BudgetChanges => ({
  newCarts: [],
  decidedCarts: [],
  children: [],
  childSettings: [],
  users: [],
  categories: [],
  badges: [],
  answers: [],
  events: [],
});

export function addChanges(into: BudgetChanges, more: Partial<BudgetChanges> | undefined) {
  for (const key of Object.keys(more ?? {}) as (keyof BudgetChanges)[]) {
    (into[key] as unknown[]).push(...((more?.[key] ?? []) as unknown[]));
  }
}

type Row<T extends PgTable> = T["$inferSelect"];

/**
 * One part of the write: a table, the columns it writes (by their names in the Drizzle schema, so each
 * value travels through its column's own type, money included) and where its rows come from. An update
 * finds its rows by `id`; an insert adds them.
 */
interface Part<T extends PgTable> {
  name: string;
  table: T;
  columns: (keyof Row<T> & string)[];
  kind: "insert" | "update";
  /** Inserts that may repeat an existing row (a badge already earned) change nothing. */
  onConflictDoNothing?: boolean;
  /** Columns of the rows written that a later part reads (`<name>_rows`); by default none. */
  returning?: (keyof Row<T> & string)[];
  rows(changes: BudgetChanges): Partial<Row<T>>[];
}

const part = <T extends PgTable>(p: Part<T>) => p as unknown as Part<PgTable>;

/*
 * The parts in the order they are written. A new cart column is written as soon as it is in the schema;
 * a column a decision changes is one more name in decided_cart's list.
 */
const PARTS = [
  part({
    name: "child",
    table: children,
    kind: "update",
    columns: [
      "currentSpent",
      "spentMonth",
      "bonusBudget",
      "bonusMonth",
      "goalTransfers",
      "goalMonth",
      "reviewedMonth",
      "updatedAt",
    ],
    rows: (c) => c.children,
  }),
  part({
    name: "child_settings",
    table: children,
    kind: "update",
    columns: [
      "name",
      "age",
      "profileColor",
      "monthlyBudget",
      "autoApprovalLimit",
      "isActive",
      "requireApprovalForAll",
      "blockAdultContent",
      "notifyPurchaseApprovals",
      "notifyBudgetWarnings",
      "notifyAchievementUpdates",
      "consentStatus",
      "updatedAt",
    ],
    rows: (c) => c.childSettings,
  }),
  part({
    name: "user",
    table: users,
    kind: "update",
    columns: ["monthlyPurchases", "lastResetDate", "updatedAt"],
    rows: (c) => c.users,
  }),
  part({
    name: "category",
    table: budgetCategories,
    kind: "update",
    columns: ["currentSpent", "spentMonth", "updatedAt"],
    rows: (c) => c.categories,
  }),
  part({
    name: "badge",
    table: achievements,
    kind: "insert",
    columns: ["childId", "type", "title", "description", "earnedAt"],
    onConflictDoNothing: true,
    // The badges this write really earned: the events part announces only these.
    returning: ["childId", "type"],
    rows: (c) => c.badges,
  }),
  part({
    name: "new_cart",
    table: carts,
    kind: "insert",
    columns: Object.keys(getTableColumns(carts)) as (keyof CartRow)[],
    rows: (c) => c.newCarts,
  }),
  part({
    name: "decided_cart",
    table: carts,
    kind: "update",
    columns: [
      "status",
      "decisionNote",
      "suggestedItem",
      "approvedAt",
      "declinedAt",
      "completedAt",
      "orderNumber",
      "decidedBy",
      "decidedAt",
      "updatedAt",
    ],
    rows: (c) => c.decidedCarts,
  }),
  part({
    name: "answer",
    table: idempotentResponses,
    kind: "insert",
    columns: ["key", "statusCode", "body", "createdAt"],
    rows: (c) => c.answers,
  }),
];

/** A value as its column sends it to the database; JSON columns stay as they are inside the JSON parameter. */
function toDriver(column: Column, value: unknown) {
  if (value === null || value === undefined) return null;
  return column.getSQLType() === "jsonb" ? value : column.mapToDriverValue(value);
}

/**
 * A part's rows travel as one JSON parameter, read back by jsonb_to_recordset with each column's SQL
 * type. An update also takes the ids it changes as an array, so that PostgreSQL finds them by primary
 * key (it assumes a JSON value holds 100 rows, which on a table of some thousands of rows makes scanning
 * the whole table look cheaper). The part's text never depends on how many rows it has.
 */
function partSql(p: Part<PgTable>, rows: Record<string, unknown>[]): SQL {
  const all = getTableColumns(p.table) as Record<string, Column>;
  const column = (key: string) => all[key] as Column;
  const written = p.columns.map(column);
  const keys = p.kind === "update" ? ["id", ...p.columns] : p.columns;
  const json = rows.map((row) => Object.fromEntries(keys.map((k) => [column(k).name, toDriver(column(k), row[k])])));
  const input = sql`jsonb_to_recordset(${sql.param(JSON.stringify(json))}::jsonb) as i(${sql.join(
    keys.map(column).map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  )})`;
  const table = sql.identifier(getTableName(p.table));
  const names = sql.join(
    written.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  if (p.kind === "insert") {
    const returning = p.returning?.length
      ? sql.join(
          p.returning.map((key) => sql.identifier(column(key).name)),
          sql`, `,
        )
      : sql`1`;
    return sql`insert into ${table} (${names}) select ${names} from ${input}${p.onConflictDoNothing ? sql` on conflict do nothing` : sql``} returning ${returning}`;
  }
  const ids = arrayParam(
    rows.map((r) => r.id),
    "uuid",
  );
  const sets = sql.join(
    written.map((c) => sql`${sql.identifier(c.name)} = i.${sql.identifier(c.name)}`),
    sql`, `,
  );
  return sql`update ${table} t set ${sets} from ${input} where t."id" = i."id" and t."id" = any(${ids}) returning 1`;
}

/** An event part's input row `i` is kept unless it is a badge.earned whose badge this write did not add. */
const newBadgesOnly = sql`i.type <> 'badge.earned' or (i.child_id, i.data->>'type') in (select ${sql.identifier(
  achievements.childId.name,
)}, ${sql.identifier(achievements.type.name)} from badge_rows)`;

/**
 * Writes all of a budget change in one statement, whatever the number of carts, with a part for each
 * kind of row that changes (decisions 110 and 111), and its events, announced to every app instance
 * when it commits (decision 131).
 */
export async function writeBudgetChanges(ex: Executor, changes: Partial<BudgetChanges>) {
  const all = noChanges();
  addChanges(all, changes);
  const parts = PARTS.flatMap((p) => {
    const rows = p.rows(all) as Record<string, unknown>[];
    return rows.length ? [{ name: p.name, sql: sql`${sql.raw(`${p.name}_rows`)} as (${partSql(p, rows)})` }] : [];
  });
  if (!parts.length && !all.events.length) return;
  const badges = parts.some((p) => p.name === "badge");
  // Every statement has the events part, empty or not, so its name stays the list of the other parts:
  // PostgreSQL cuts a statement's name at 63 bytes, and the longest lists are near that already.
  const eventRows = sql`event_rows as (${insertEventsSql(all.events, badges ? newBadgesOnly : undefined)})`;
  // The e-mail and push intents of the events written (decision 133), in the same statement.
  const notificationRows = sql`notification_rows as (${notificationIntentsSql("event_rows")})`;
  // A merchant's checkout session follows its cart, with its webhook event (decision 141), in the same statement.
  const checkoutRows = checkoutWebhooksSql("event_rows");
  // One prepared statement for each set of parts; data-modifying WITH parts all run, read or not.
  await executePrepared(
    ex,
    `pw_budget_write_${parts.map((p) => p.name).join("_") || "events"}`,
    sql`with ${sql.join([...parts.map((p) => p.sql), eventRows, notificationRows, ...checkoutRows], sql`, `)} ${announceSql("event_rows")}`,
  );
}
