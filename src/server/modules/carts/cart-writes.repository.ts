import { type SQL, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/rules/money";
import type { Cart } from "../../../shared/schemas/carts";
import type { Executor } from "../../db/client";
import { arrayParam, executePrepared } from "../../db/prepared";
import type { BudgetCategoryRow, CartRow, ChildRow, UserRow } from "../../db/schema";
import type { earnedBadgeRows } from "../achievements/badges.service";

/**
 * Everything a batch of cart submissions and decisions changes, as the rows will be afterwards. Every
 * row was read under its family's lock, so writing whole values (not increments) loses no update.
 */
export interface CartWrites {
  newCarts: CartRow[];
  decidedCarts: CartRow[];
  /** Only the month's spending and the month judged change here. */
  children: ChildRow[];
  /** Only the plan's purchase count changes here. */
  users: UserRow[];
  categories: BudgetCategoryRow[];
  badges: ReturnType<typeof earnedBadgeRows>;
  /** Answers saved for a decision's Idempotency-Key. */
  answers: { key: string; statusCode: number; body: Cart; createdAt: Date }[];
}

export const noCartWrites = (): CartWrites => ({
  newCarts: [],
  decidedCarts: [],
  children: [],
  users: [],
  categories: [],
  badges: [],
  answers: [],
});

export function addCartWrites(into: CartWrites, more: Partial<CartWrites>) {
  for (const key of Object.keys(more) as (keyof CartWrites)[]) {
    (into[key] as unknown[]).push(...((more[key] ?? []) as unknown[]));
  }
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * One part of the write: its rows travel as one JSON parameter, read back by jsonb_to_recordset. An
 * update also takes the ids it changes as an array, so that PostgreSQL finds them by primary key (it
 * assumes a JSON value holds 100 rows, which on a table of some thousands of rows makes scanning the
 * whole table look cheaper). The part's text never depends on how many rows it has.
 */
function part(name: string, rows: ({ id: string } | object)[], statement: (input: SQL, ids: SQL) => SQL) {
  if (!rows.length) return null;
  const ids = arrayParam(
    rows.map((r) => ("id" in r ? r.id : null)),
    "uuid",
  );
  return { name, sql: sql`${sql.raw(name)} as (${statement(sql`${sql.param(JSON.stringify(rows))}::jsonb`, ids)})` };
}

/**
 * Writes all of a batch in one statement, whatever the number of carts, with a part for each kind of
 * row that changes. Every row was read under its family's lock, so whole values are written.
 */
export async function writeCartWrites(tx: Executor, w: CartWrites) {
  const parts = [
    part(
      "child_rows",
      w.children.map((c) => ({
        id: c.id,
        current_spent: formatCents(c.currentSpent),
        spent_month: c.spentMonth,
        reviewed_month: c.reviewedMonth,
        updated_at: iso(c.updatedAt),
      })),
      (input, ids) => sql`
        update children c
           set current_spent = i.current_spent, spent_month = i.spent_month,
               reviewed_month = i.reviewed_month, updated_at = i.updated_at
          from jsonb_to_recordset(${input})
               as i(id uuid, current_spent numeric, spent_month text, reviewed_month text, updated_at timestamptz)
         where c.id = i.id and c.id = any(${ids})
        returning 1`,
    ),
    part(
      "user_rows",
      w.users.map((u) => ({
        id: u.id,
        monthly_purchases: u.monthlyPurchases,
        last_reset_date: iso(u.lastResetDate),
        updated_at: iso(u.updatedAt),
      })),
      (input, ids) => sql`
        update users u
           set monthly_purchases = i.monthly_purchases, last_reset_date = i.last_reset_date, updated_at = i.updated_at
          from jsonb_to_recordset(${input})
               as i(id uuid, monthly_purchases integer, last_reset_date timestamptz, updated_at timestamptz)
         where u.id = i.id and u.id = any(${ids})
        returning 1`,
    ),
    part(
      "category_rows",
      w.categories.map((c) => ({
        id: c.id,
        current_spent: formatCents(c.currentSpent),
        spent_month: c.spentMonth,
        updated_at: iso(c.updatedAt),
      })),
      (input, ids) => sql`
        update budget_categories b
           set current_spent = i.current_spent, spent_month = i.spent_month, updated_at = i.updated_at
          from jsonb_to_recordset(${input}) as i(id uuid, current_spent numeric, spent_month text, updated_at timestamptz)
         where b.id = i.id and b.id = any(${ids})
        returning 1`,
    ),
    part(
      "badge_rows",
      w.badges.map((b) => ({
        child_id: b.childId,
        type: b.type,
        title: b.title,
        description: b.description,
        earned_at: iso(b.earnedAt),
      })),
      (input) => sql`
        insert into achievements (child_id, type, title, description, earned_at)
        select child_id, type, title, description, earned_at
          from jsonb_to_recordset(${input})
               as i(child_id uuid, type text, title text, description text, earned_at timestamptz)
        on conflict do nothing
        returning 1`,
    ),
    part(
      "new_cart_rows",
      w.newCarts.map((c) => ({
        id: c.id,
        child_id: c.childId,
        retailer: c.retailer,
        total: formatCents(c.total),
        status: c.status,
        tag: c.tag,
        notes: c.notes,
        items: c.items,
        decision_reason: c.decisionReason,
        from_cart_id: c.fromCartId,
        idempotency_key: c.idempotencyKey,
        approved_at: iso(c.approvedAt),
        created_at: iso(c.createdAt),
        updated_at: iso(c.updatedAt),
      })),
      (input) => sql`
        insert into carts (id, child_id, retailer, total, status, tag, notes, items, decision_reason,
                           from_cart_id, idempotency_key, approved_at, created_at, updated_at)
        select id, child_id, retailer, total, status, tag, notes, items, decision_reason,
               from_cart_id, idempotency_key, approved_at, created_at, updated_at
          from jsonb_to_recordset(${input})
               as i(id uuid, child_id uuid, retailer text, total numeric, status text, tag text, notes text,
                    items jsonb, decision_reason text, from_cart_id uuid, idempotency_key text,
                    approved_at timestamptz, created_at timestamptz, updated_at timestamptz)
        returning 1`,
    ),
    part(
      "decided_cart_rows",
      w.decidedCarts.map((c) => ({
        id: c.id,
        status: c.status,
        decision_note: c.decisionNote,
        suggested_item: c.suggestedItem,
        approved_at: iso(c.approvedAt),
        declined_at: iso(c.declinedAt),
        updated_at: iso(c.updatedAt),
      })),
      (input, ids) => sql`
        update carts c
           set status = i.status, decision_note = i.decision_note, suggested_item = i.suggested_item,
               approved_at = i.approved_at, declined_at = i.declined_at, updated_at = i.updated_at
          from jsonb_to_recordset(${input})
               as i(id uuid, status text, decision_note text, suggested_item jsonb,
                    approved_at timestamptz, declined_at timestamptz, updated_at timestamptz)
         where c.id = i.id and c.id = any(${ids})
        returning 1`,
    ),
    part(
      "answer_rows",
      w.answers.map((a) => ({
        key: a.key,
        status_code: String(a.statusCode),
        body: a.body,
        created_at: iso(a.createdAt),
      })),
      (input) => sql`
        insert into idempotent_responses (key, status_code, body, created_at)
        select key, status_code, body, created_at
          from jsonb_to_recordset(${input}) as i(key text, status_code text, body jsonb, created_at timestamptz)
        returning 1`,
    ),
  ].filter((p) => p !== null);
  if (!parts.length) return;
  // One prepared statement for each set of parts; data-modifying WITH parts all run, read or not.
  await executePrepared(
    tx,
    `pw_cart_writes_${parts.map((p) => p.name.replace(/_rows$/, "")).join("_")}`,
    sql`with ${sql.join(
      parts.map((p) => p.sql),
      sql`, `,
    )} select 1`,
  );
}
