import type PgBoss from "pg-boss";
import type { Database } from "../db/client";

/**
 * How a pg-boss worker reaches the app's database. PostgreSQL: a small pool of its own, so a busy queue
 * never takes the app's connections. PGlite has one connection, shared through pg-boss's `db` adapter;
 * pg-boss's schema migrations are multi-statement scripts, which only PGlite's `exec` runs (its `query`
 * takes one statement).
 */
export function bossConnection(database: Database, poolSize: number): PgBoss.ConstructorOptions {
  const connection = database.connection;
  if (connection.kind === "postgres") return { connectionString: connection.url, max: poolSize };
  const { client } = connection;
  return {
    db: {
      async executeSql(text: string, values?: unknown[]) {
        if (values?.length) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
  };
}
