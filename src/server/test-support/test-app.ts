import { randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { type AppConfig, buildApp } from "../app";
import { type Database, openDatabase } from "../db/client";

/** A clock tests move by hand: starts at real time (or `start`) and only moves when told. */
export class TestClock {
  private current: number;
  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }
  now = () => new Date(this.current);
  set(date: Date | string) {
    this.current = new Date(date).getTime();
  }
  advance(ms: number) {
    this.current += ms;
  }
}

/**
 * Which database the API suite runs on: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL when PW_TEST_DB=postgres.
 */
export const testDatabaseKind = (): "pglite" | "postgres" =>
  process.env.PW_TEST_DB === "postgres" && process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/** A fresh, migrated database of its own, dropped again by `close`. */
export async function createTestDatabase(): Promise<Database> {
  if (testDatabaseKind() === "pglite") return openDatabase({ kind: "pglite", dataDir: null });
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `pw_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.href });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const clock = new TestClock();
  const database = await createTestDatabase();
  const app = await buildApp(
    {
      cookieSecure: false,
      appOrigin: null,
      oidc: null,
      clientDir: null,
      now: clock.now,
      trustProxy: true,
      ...overrides,
    },
    database,
  );
  await app.ready();
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The cookie header to send back, taken from a response's Set-Cookie. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const header = res.headers["set-cookie"];
  const list = Array.isArray(header) ? header : header ? [header] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}

let counter = 0;
/** Signs up a new parent and answers the session cookie and user. */
export async function signUpParent(app: FastifyInstance, fields: Partial<Record<string, string>> = {}) {
  counter += 1;
  const body = {
    email: `parent${counter}-${randomBytes(3).toString("hex")}@example.com`,
    password: "correct horse battery",
    firstName: "Pat",
    lastName: "Parent",
    ...fields,
  };
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: body,
    remoteAddress: `10.9.${counter % 250}.${(counter * 7) % 250}`,
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieFrom(res), user: res.json(), email: body.email, password: body.password };
}

/** Adds a child for the parent behind `cookie`. */
export async function addChild(app: FastifyInstance, cookie: string, fields: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: "POST",
    url: "/api/children",
    headers: { cookie },
    payload: { name: "Maya", age: 10, monthlyBudget: "50.00", autoApprovalLimit: "10.00", ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`add child failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Sets a parent's plan directly, as a billing system would. */
export async function setTier(database: Database, userId: string, tier: string) {
  await database.query("update users set subscription_tier = $1 where id = $2", [tier, userId]);
}

/**
 * Puts a cart straight into the database (for tests of decisions and lists that must not depend on
 * the submission endpoint). `total` is a two-decimal string; `createdAt` orders lists.
 */
export async function insertCart(
  database: Database,
  childId: string,
  fields: { total?: string; status?: string; retailer?: string; tag?: string | null; createdAt?: Date } = {},
) {
  const total = fields.total ?? "5.00";
  const createdAt = (fields.createdAt ?? new Date()).toISOString();
  const items = [{ name: "Item", price: total, quantity: 1 }];
  const [row] = await database.query<{ id: string }>(
    `insert into carts (child_id, retailer, total, status, tag, items, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::timestamptz, $7::timestamptz) returning id`,
    [
      childId,
      fields.retailer ?? "Toy Shop",
      total,
      fields.status ?? "pending",
      fields.tag ?? null,
      JSON.stringify(items),
      createdAt,
    ],
  );
  if (!row) throw new Error("cart insert returned no row");
  return row.id;
}

/**
 * Marks a child's parental consent verified, as a staff review or a card check would (docs/decisions/157),
 * for tests about what a child does once signed in. The consent's own tests go through its API.
 */
export async function verifyConsent(database: Database, childId: string) {
  const [child] = await database.query<{ parent_id: string }>(
    "update children set consent_status = 'verified' where id = $1 and consent_status in ('required', 'pending') returning parent_id",
    [childId],
  );
  if (!child) return;
  await database.query(
    `insert into child_consents (family_id, child_id, reference, full_name, email, phone, relationship, method,
       signature, data_collection, educational, third_party, marketing, status, decided_at, decided_by)
     values ($1, $2, $3, 'Pat Parent', 'pat@example.com', '555-0100', 'parent', 'government-id', 'Pat Parent',
       true, true, false, false, 'verified', now(), 'test')`,
    [child.parent_id, childId, `PWC-TEST-${childId.slice(0, 8).toUpperCase()}`],
  );
}

/**
 * Starts a child session through a one-time code, as the /kid screen does; answers its cookie. A child under
 * 13 gets a verified consent first.
 */
export async function signInChild(app: FastifyInstance, parentCookie: string, childId: string) {
  await verifyConsent(app.database, childId);
  const created = await app.inject({
    method: "POST",
    url: `/api/children/${childId}/login-code`,
    headers: { cookie: parentCookie },
  });
  if (created.statusCode !== 201) throw new Error(`login code failed: ${created.statusCode} ${created.body}`);
  const res = await app.inject({ method: "POST", url: "/api/kid/login", payload: { code: created.json().code } });
  if (res.statusCode !== 200) throw new Error(`kid login failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

/**
 * How long a test file's beforeAll/afterAll may take: a fresh embedded database needs a few seconds
 * alone, far more on a busy machine running several test files at once.
 */
export const SLOW_START_MS = 180_000;
