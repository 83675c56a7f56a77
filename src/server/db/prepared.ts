import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./client";

const dialect = new PgDialect();

/**
 * Runs a raw statement as a named prepared statement, in the transaction or on the database it is
 * given. On PostgreSQL a connection parses and plans a named statement once and then reuses its plan,
 * where a statement sent as text is planned every time, which for the purchase flow's batch statements
 * costs more than running them. A name must always go with the same text: ids and rows travel as array
 * and JSON parameters so that the text does not depend on how many there are. PGlite runs it as text.
 */
export async function executePrepared(ex: Executor, name: string, query: SQL): Promise<void> {
  await ex._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}

/** One parameter holding a whole array (a JavaScript array in a `sql` template is a list of parameters). */
export const arrayParam = (values: readonly unknown[], type: "uuid" | "text") =>
  sql`${sql.param(values)}::${sql.raw(type)}[]`;
