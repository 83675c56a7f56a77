import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Raw SQL for tools that need it (pg-boss, tests); returns rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * How another client reaches the same database (pg-boss): a server's URL, for a pool of its own, or the
   * embedded database itself, which only one client can hold.
   */
  connection: { kind: "postgres"; url: string } | { kind: "pglite"; client: PGlite };
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string | null };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
    await migratePostgres(pool, db);
    return {
      db,
      kind: "postgres",
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      connection: { kind: "postgres", url: options.url },
      close: () => pool.end(),
    };
  }
  // Before anything in the folder is touched: a second process on the same files would destroy them
  // (decision 124). In memory, nothing is shared.
  const lock = options.dataDir ? lockDataDir(options.dataDir) : null;
  let client: PGlite | undefined;
  try {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
    const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    const opened = client;
    return {
      db,
      kind: "pglite",
      query: async (text, params) => (await opened.query(text, params as unknown[])).rows as never,
      connection: { kind: "pglite", client: opened },
      async close() {
        try {
          await opened.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    await client?.close().catch(() => {});
    lock?.release();
    throw err;
  }
}

/** Several app instances may start at once against one server: migrate under an advisory lock. */
async function migratePostgres(pool: pg.Pool, db: Db) {
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock(727274)");
    await migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query("select pg_advisory_unlock(727274)").catch(() => {});
    lockClient.release();
  }
}
