import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import { z } from "zod";

/*
 * docs/decisions/164: every list the API answers is one page, newest first, continued by a cursor named in
 * a `Link: <...>; rel="next"` header; the body stays a JSON array.
 */

export const MAX_LIMIT = 100;
export const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${MAX_LIMIT}`;
export const CURSOR_MESSAGE = "Cursor must be the last id of the page before";

/** `?limit=` as text from the query string: digits only, since Number() would also take "0x10" or "1e2". */
export const limitParam = (fallback: number) =>
  z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, { message: LIMIT_MESSAGE })
    .transform(Number)
    .pipe(z.number().min(1, { message: LIMIT_MESSAGE }).max(MAX_LIMIT, { message: LIMIT_MESSAGE }))
    .default(fallback);

/** The cursor is the id of the last row shown; a malformed one is refused (400), an unknown one reads nothing. */
export const cursorParam = () => z.uuid({ message: CURSOR_MESSAGE }).optional();

/** The query string of a paged list: `limit` (1..100, `defaultLimit` when absent) and `cursor`. */
export const pageQuery = (defaultLimit: number) => z.object({ limit: limitParam(defaultLimit), cursor: cursorParam() });

export type Page = { limit: number; cursor?: string };

type Keyed = PgTable & { id: PgColumn };

/**
 * Rows of `table` past the cursor's row by (`key`, `tiebreak`), in the list's `order`: a row-value comparison
 * against the cursor row itself, so a page stays the same however many rows are added in front of it.
 * Undefined without a cursor; with an unknown id the subquery is empty, the comparison null, and the page
 * empty. The tiebreak is the id, or for rows often added in the same instant their `added_order`, which
 * keeps them in the order they were added.
 */
export function pastCursor(
  table: Keyed,
  key: PgColumn,
  cursor: string | undefined,
  order: "asc" | "desc" = "desc",
  tiebreak: PgColumn = table.id,
): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql.identifier(key.name);
  const then = sql.identifier(tiebreak.name);
  const id = sql.identifier(table.id.name);
  const beyond = order === "desc" ? sql`<` : sql`>`;
  return sql`(${key}, ${tiebreak}) ${beyond} (select p.${at}, p.${then} from ${table} p where p.${id} = ${cursor})`;
}

/** Rows older than the cursor's row by (created_at, id), for lists shown newest first. */
export const olderThan = (table: Keyed & { createdAt: PgColumn }, cursor: string | undefined) =>
  pastCursor(table, table.createdAt, cursor);

/** The order `pastCursor` continues: by `key`, then the tiebreak. */
export const orderedBy = (
  table: Keyed,
  key: PgColumn,
  order: "asc" | "desc" = "desc",
  tiebreak: PgColumn = table.id,
) => (order === "desc" ? [desc(key), desc(tiebreak)] : [asc(key), asc(tiebreak)]);

/** Newest first, the order `olderThan` continues. */
export const newestFirst = (table: Keyed & { createdAt: PgColumn }) => orderedBy(table, table.createdAt);

/**
 * `limit + 1` rows were read: answers the first `limit`, and when the extra one is there names the next
 * page, by the last row shown, in a Link header carrying the list's other query parameters along.
 */
export function linkNext<T extends { id: string }>(
  reply: FastifyReply,
  rows: T[],
  limit: number,
  path: string,
  params: Record<string, string | undefined> = {},
  cursorKey = "cursor",
): T[] {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  if (rows.length > limit && last) {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) next.set(key, value);
    next.set("limit", String(limit));
    next.set(cursorKey, last.id);
    reply.header("link", `<${path}?${next}>; rel="next"`);
  }
  return shown;
}
