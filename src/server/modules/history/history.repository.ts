import { asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { HistoryCart, HistoryFilter } from "../../../shared/schemas/history";
import type { Executor } from "../../db/client";
import { carts, children, users } from "../../db/schema";
import { toCart } from "../carts/carts.repository";

/* docs/decisions/161: the reads behind a family's history and spending figures. */

export interface HistoryChild {
  id: string;
  name: string;
  profileColor: string;
}

/** The children a family view covers, in the order they were added. */
export function listFamilyChildren(db: Executor, familyId: string): Promise<HistoryChild[]> {
  return db
    .select({ id: children.id, name: children.name, profileColor: children.profileColor })
    .from(children)
    .where(eq(children.parentId, familyId))
    .orderBy(asc(children.createdAt), asc(children.id));
}

/** [start, end) of a "YYYY-MM" month, UTC. */
export function monthRange(month: string): [Date, Date] {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return [new Date(Date.UTC(year, m - 1, 1)), new Date(Date.UTC(year, m, 1))];
}

/** `in (...)` over the children's ids, each a uuid parameter. */
const idList = (childIds: string[]) =>
  sql.join(
    childIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Paid-for carts: what a month's spending adds up. */
const SPENT = sql`('approved', 'completed')`;

/**
 * The filters on one child's carts, written against the lateral subquery's alias `c` so that each child's
 * part of the page is read from its own (child_id, created_at) or (child_id, status, created_at) index,
 * newest first, and stops after `limit` rows.
 */
function cartConditions(filter: HistoryFilter, cursor: SQL | null): SQL {
  const parts: SQL[] = [sql`c.child_id = ch.id`];
  if (filter.month) {
    const [start, end] = monthRange(filter.month);
    parts.push(
      sql`c.created_at >= ${start.toISOString()}::timestamptz and c.created_at < ${end.toISOString()}::timestamptz`,
    );
  }
  if (filter.status) parts.push(sql`c.status = ${filter.status}`);
  if (filter.category) {
    // An item without a category of its own is filed under the cart's tag (docs/decisions/161).
    parts.push(
      sql`exists (select 1 from jsonb_array_elements(c.items) e where coalesce(e->>'category', c.tag) = ${filter.category})`,
    );
  }
  if (cursor) parts.push(cursor);
  return sql.join(parts, sql` and `);
}

/**
 * One page of carts of the given children of the family, newest first by (created_at, id), past the cursor's
 * cart; `limit + 1` rows so the caller can tell whether another page follows. A cursor that names no cart
 * of this family's reads nothing.
 */
export async function listHistory(
  db: Executor,
  familyId: string,
  childIds: string[],
  filter: HistoryFilter,
  page: { limit: number; cursor?: string },
): Promise<HistoryCart[]> {
  if (!childIds.length) return [];
  const take = page.limit + 1;
  // The created_at bound lets the index start at the cursor; the row comparison breaks ties by id.
  const cursor = page.cursor
    ? sql`c.created_at <= (select created_at from cur) and (c.created_at, c.id) < (select created_at, id from cur)`
    : null;
  const keys = await db.execute<{ id: string }>(sql`
    with cur as (
      select k.created_at, k.id from carts k join children kc on kc.id = k.child_id
      where k.id = ${page.cursor ?? null}::uuid and kc.parent_id = ${familyId}::uuid
    )
    select c.id from children ch
    cross join lateral (
      select c.id, c.created_at from carts c
      where ${cartConditions(filter, cursor)}
      order by c.created_at desc, c.id desc
      limit ${take}
    ) c
    where ch.parent_id = ${familyId}::uuid and ch.id in (${idList(childIds)})
    order by c.created_at desc, c.id desc
    limit ${take}`);
  const ids = rowsOf<{ id: string }>(keys).map((r) => r.id);
  if (!ids.length) return [];
  const rows = await db
    .select({
      cart: carts,
      childName: children.name,
      childProfileColor: children.profileColor,
      decider: { id: users.id, firstName: users.firstName },
    })
    .from(carts)
    .innerJoin(children, eq(children.id, carts.childId))
    .leftJoin(users, eq(users.id, carts.decidedBy))
    .where(inArray(carts.id, ids))
    .orderBy(desc(carts.createdAt), desc(carts.id));
  return rows.map((r) => ({
    ...toCart(r.cart, r.decider?.id ? r.decider : null),
    childName: r.childName,
    childProfileColor: r.childProfileColor,
  }));
}

/** node-postgres answers a result object, PGlite its rows' holder: both carry `rows`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface MonthRow {
  childId: string;
  month: string;
  spentCents: number;
  approved: number;
  declined: number;
}

/** Per child and month (by when each cart was asked), what was spent and how many were approved and declined. */
export async function monthFigures(db: Executor, childIds: string[], from: Date, to: Date): Promise<MonthRow[]> {
  if (!childIds.length) return [];
  const result = await db.execute<{
    child_id: string;
    month: string;
    spent_cents: string;
    approved: string;
    declined: string;
  }>(sql`
    select child_id, to_char(created_at at time zone 'UTC', 'YYYY-MM') as month,
      coalesce(sum(total) filter (where status in ${SPENT}), 0) * 100 as spent_cents,
      count(*) filter (where status in ${SPENT}) as approved,
      count(*) filter (where status = 'declined') as declined
    from carts
    where child_id in (${idList(childIds)})
      and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
    group by 1, 2`);
  return rowsOf<{ child_id: string; month: string; spent_cents: string; approved: string; declined: string }>(
    result,
  ).map((r) => ({
    childId: r.child_id,
    month: r.month,
    spentCents: Math.round(Number(r.spent_cents)),
    approved: Number(r.approved),
    declined: Number(r.declined),
  }));
}

export interface CategoryRow {
  childId: string;
  month: string;
  category: string | null;
  cents: number;
}

/**
 * Last month's and this month's figures per child, and what paid-for items cost per category (an item
 * without a category takes its cart's tag), from one read of those months' carts. The carts are picked
 * first, through the (child_id, created_at) index: planned as one query, PostgreSQL guesses a hundred items
 * a cart and reads the whole table instead.
 */
export async function recentFigures(
  db: Executor,
  childIds: string[],
  months: { last: string; current: string },
  lastStart: Date,
  currentStart: Date,
  end: Date,
): Promise<{ months: MonthRow[]; categories: CategoryRow[] }> {
  if (!childIds.length) return { months: [], categories: [] };
  const result = await db.execute(sql`
    with picked as materialized (
      select child_id, created_at >= ${currentStart.toISOString()}::timestamptz as current, status, total, tag, items
      from carts
      where child_id in (${idList(childIds)})
        and created_at >= ${lastStart.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
    )
    select child_id, current, false as by_category, null as category,
      coalesce(sum(total) filter (where status in ${SPENT}), 0) * 100 as cents,
      count(*) filter (where status in ${SPENT}) as approved,
      count(*) filter (where status = 'declined') as declined
    from picked group by 1, 2
    union all
    select child_id, current, true, coalesce(e->>'category', tag),
      sum((e->>'price')::numeric * (e->>'quantity')::int) * 100, 0, 0
    from picked cross join lateral jsonb_array_elements(items) e
    where status in ${SPENT}
    group by 1, 2, 4`);
  const out: { months: MonthRow[]; categories: CategoryRow[] } = { months: [], categories: [] };
  for (const r of rowsOf<{
    child_id: string;
    current: boolean;
    by_category: boolean;
    category: string | null;
    cents: string;
    approved: string;
    declined: string;
  }>(result)) {
    const month = r.current ? months.current : months.last;
    const cents = Math.round(Number(r.cents));
    if (r.by_category) out.categories.push({ childId: r.child_id, month, category: r.category, cents });
    else {
      out.months.push({
        childId: r.child_id,
        month,
        spentCents: cents,
        approved: Number(r.approved),
        declined: Number(r.declined),
      });
    }
  }
  return out;
}
