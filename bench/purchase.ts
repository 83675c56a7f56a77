import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { type Database, type DatabaseOptions, openDatabase } from "../src/server/db/client";
import { BENCH_APP_OPTIONS, cpuSeconds } from "./support/measure";

/**
 * The purchase flow under load: cart submission, approval and the dashboard's three reads, on PGlite
 * and on PostgreSQL, each next to a bare Fastify route doing one single-row UPDATE on the same database
 * (the "ceiling" the endpoints are compared with), then the writes again at BUSY_CONNECTIONS (PostgreSQL
 * only) and the two writes at a steady TARGET_RPS to see their latency at that rate. The server runs in a child process so the load
 * generator does not share its event loop. Not run by the tests: `npx tsx bench/purchase.ts`.
 */

const CONNECTIONS = 16;
/**
 * Submissions and decisions are group-committed: requests that arrive while a batch is being written go
 * together in the next one. At 16 connections a batch has few requests to group and the writes are
 * bound by waiting; a busier pass shows them with more to group, next to a ceiling measured the same way.
 */
const BUSY_CONNECTIONS = 64;
const DURATION_S = 8;
/** Load is spread over many families, since each family's budget writes take one lock in turn. */
const FAMILIES = 64;
/**
 * Families the load never touches, with a child and some carts each, so that the tables are the size of
 * a service in use and PostgreSQL plans the statements as it would there (on a few hundred rows, reading
 * a whole table looks cheaper than finding rows by key).
 */
const OTHER_FAMILIES = 20_000;
const CARTS_PER_OTHER_FAMILY = 5;
/** Pending carts ready for the approval run; more than it can approve in DURATION_S. */
const APPROVAL_CARTS_PER_FAMILY = 1500;
const TARGET_RPS = 200;
const TARGET_P99_MS = 50;
const TARGET_SHARE_OF_CEILING = 0.4;
const BARE_CART_WRITE = "(bare cart write, reference)";

interface Fixture {
  appUrl: string;
  ceilingUrl: string;
  /** Families whose one child auto-approves small carts and has a few carts pending. */
  shoppers: { cookie: string; childId: string }[];
  /** Pending carts to approve, interleaved across families. */
  approvals: { cookie: string; cartId: string }[];
}

type Serve = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

// ---- the server side (child process) ----

async function serve(options: Serve) {
  const dbOptions: DatabaseOptions =
    options.kind === "pglite" ? { kind: "pglite", dataDir: options.dataDir } : { kind: "postgres", url: options.url };
  const database = await openDatabase(dbOptions);
  const app = await buildApp(BENCH_APP_OPTIONS, database);
  const ceiling = await ceilingApp(database);
  const fixture = await seed(app, database);
  await addBareCartWrite(ceiling, database, fixture.shoppers);
  const appUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  const ceilingUrl = await ceiling.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ ...fixture, appUrl, ceilingUrl } satisfies Fixture);
  process.on("message", async () => {
    await app.close();
    await ceiling.close();
    await database.close();
    process.exit(0);
  });
}

/** The cheapest write a request can make here: no plugins, one UPDATE of one of many rows. */
async function ceilingApp(database: Database) {
  await database.query("create table bench_ceiling (id integer primary key, hits integer not null default 0)");
  await database.query("insert into bench_ceiling (id) select generate_series(1, 1000)");
  const app = Fastify({ logger: false });
  app.post("/ceiling", async () => {
    const id = 1 + Math.floor(Math.random() * 1000);
    await database.query("update bench_ceiling set hits = hits + 1 where id = $1", [id]);
    return { ok: true };
  });
  return app;
}

/**
 * The least a submission has to write, as a bare route: one statement that inserts an approved cart and
 * adds it to the child's and the parent's monthly figures, with no session, validation, rules or badges.
 * Not a target; it shows how much of the gap to the ceiling is the cart's own writes.
 */
async function addBareCartWrite(
  ceiling: Awaited<ReturnType<typeof ceilingApp>>,
  database: Database,
  shoppers: Fixture["shoppers"],
) {
  const families = await database.query<{ child: string; parent: string }>(
    "select id as child, parent_id as parent from children where id = any($1::uuid[])",
    [shoppers.map((s) => s.childId)],
  );
  ceiling.post("/ceiling/cart", async () => {
    const f = families[Math.floor(Math.random() * families.length)] as (typeof families)[number];
    await database.query(
      `with child as (update children set current_spent = current_spent + 1.00 where id = $1 returning id),
            parent as (update users set monthly_purchases = monthly_purchases + 1 where id = $2 returning id)
       insert into carts (child_id, retailer, total, status, items, decision_reason, approved_at)
       select id, 'Toy Shop', 1.00, 'approved', '[{"name":"Sticker","price":"1.00","quantity":1}]', 'bench', now()
         from child returning *`,
      [f.child, f.parent],
    );
    return { ok: true };
  });
}

async function seed(app: Awaited<ReturnType<typeof buildApp>>, database: Database) {
  await database.query(
    `insert into users (email, first_name, last_name)
     select 'family' || g || '@example.com', 'Other', 'Family' from generate_series(1, $1) g`,
    [OTHER_FAMILIES],
  );
  await database.query("insert into families (id) select id from users on conflict do nothing");
  await database.query(
    `insert into family_guardians (user_id, family_id, role) select id, id, 'owner' from users on conflict do nothing`,
  );
  await database.query(
    `insert into children (parent_id, name, age, monthly_budget, current_spent, spent_month)
     select id, 'Sam', 10, 50.00, 5.00, to_char(now() at time zone 'utc', 'YYYY-MM') from users`,
  );
  await database.query(
    `insert into carts (child_id, retailer, total, status, items, approved_at)
     select c.id, 'Toy Shop', 1.00, 'approved', '[{"name":"Toy","price":"1.00","quantity":1}]'::jsonb, now()
       from children c, generate_series(1, $1)`,
    [CARTS_PER_OTHER_FAMILY],
  );
  const signUp = async (i: number) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: `bench${i}@example.com`, password: "bench password", firstName: "Bench", lastName: `${i}` },
      remoteAddress: `10.1.${Math.floor(i / 250)}.${i % 250}`,
    });
    if (res.statusCode !== 201) throw new Error(`signup failed: ${res.body}`);
    const cookie = String(res.headers["set-cookie"]).split(";")[0] ?? "";
    await database.query("update users set subscription_tier = 'premium' where id = $1", [res.json().id]);
    return cookie;
  };
  const addChild = async (cookie: string, settings: Record<string, unknown>) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/children",
      headers: { cookie },
      payload: { name: "Maya", age: 10, monthlyBudget: "99999999.99", autoApprovalLimit: "10.00" },
    });
    const id = res.json().id as string;
    await app.inject({ method: "PATCH", url: `/api/children/${id}`, headers: { cookie }, payload: settings });
    return id;
  };
  const addPending = (childId: string, n: number) =>
    database.query(
      `insert into carts (child_id, retailer, total, status, items, created_at)
       select $1, 'Toy Shop', 5.00, 'pending', '[{"name":"Toy","price":"5.00","quantity":1}]'::jsonb,
              now() - (g || ' seconds')::interval
         from generate_series(1, $2) g`,
      [childId, n],
    );

  const shoppers: Fixture["shoppers"] = [];
  const approvalFamilies: { cookie: string; childId: string }[] = [];
  for (let i = 0; i < FAMILIES; i++) {
    const cookie = await signUp(i);
    const childId = await addChild(cookie, {});
    await addPending(childId, 3);
    shoppers.push({ cookie, childId });
  }
  for (let i = 0; i < FAMILIES; i++) {
    const cookie = await signUp(FAMILIES + i);
    const childId = await addChild(cookie, { requireApprovalForAll: true });
    await addPending(childId, APPROVAL_CARTS_PER_FAMILY);
    approvalFamilies.push({ cookie, childId });
  }
  await database.query("analyze");
  const perFamily = await Promise.all(
    approvalFamilies.map(async (f) =>
      (await database.query<{ id: string }>("select id from carts where child_id = $1", [f.childId])).map((r) => ({
        cookie: f.cookie,
        cartId: r.id,
      })),
    ),
  );
  const approvals: Fixture["approvals"] = [];
  for (let round = 0; round < APPROVAL_CARTS_PER_FAMILY; round++) {
    for (const carts of perFamily) {
      const cart = carts[round];
      if (cart) approvals.push(cart);
    }
  }
  return { shoppers, approvals };
}

// ---- the load side (main process) ----

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  /** Requests per second for all connections together; absent, each connection sends as fast as it can. */
  overallRate?: number;
  requests: { setupRequest: (req: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** The bare UPDATE's requests/s, measured just before this row. */
  ceiling: number;
  /** CPU time per request (µs) of the app server and of PostgreSQL, for this row and its ceiling; null off Linux. */
  cpu: { server: number; postgres: number; ceilingServer: number; ceilingPostgres: number } | null;
}

/** CPU seconds of every PostgreSQL server process on this machine (the bench's database is on it). */
function postgresCpuSeconds(): number | null {
  try {
    let total = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") total += cpuSeconds(Number(entry)) ?? 0;
      } catch {
        // The process ended between the listing and the read.
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** Runs `work` and answers the CPU microseconds per request the server and PostgreSQL spent on it. */
async function withCpu<T extends { rps: number }>(serverPid: number, work: () => Promise<T>) {
  const before = { server: cpuSeconds(serverPid), postgres: postgresCpuSeconds() };
  const result = await work();
  const after = { server: cpuSeconds(serverPid), postgres: postgresCpuSeconds() };
  const requests = result.rps * DURATION_S;
  const perRequest = (a: number | null, b: number | null) =>
    a === null || b === null || requests === 0 ? null : Math.round(((b - a) * 1e6) / requests);
  return {
    result,
    server: perRequest(before.server, after.server),
    postgres: perRequest(before.postgres, after.postgres),
  };
}

function load(
  name: string,
  url: string,
  next: (req: AutocannonRequest) => AutocannonRequest,
  options: { connections: number; overallRate?: number },
): Promise<Row> {
  const requests = [{ setupRequest: next }];
  const { connections, overallRate } = options;
  return autocannon({ url, connections, duration: DURATION_S, overallRate, requests }).then((r) => ({
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors + r.timeouts,
    ceiling: r.requests.average,
    cpu: null,
  }));
}

function roundRobin<T>(items: T[]) {
  let i = 0;
  return () => {
    const item = items[i % items.length] as T;
    i += 1;
    return item;
  };
}

interface Results {
  rows: Row[];
  /** The writes at BUSY_CONNECTIONS; PostgreSQL only. */
  busy: Row[];
  steady: Row[];
}

async function benchmark(label: string, options: Serve): Promise<Results> {
  const server = fork(fileURLToPath(import.meta.url), ["serve", JSON.stringify(options)], { stdio: "inherit" });
  const fixture = await new Promise<Fixture>((resolve, reject) => {
    server.once("message", (m) => resolve(m as Fixture));
    server.once("exit", (code) => reject(new Error(`the ${label} server exited with ${code}`)));
  });
  const json = { "content-type": "application/json" };
  const endpoints: [string, (req: AutocannonRequest) => AutocannonRequest][] = [];
  for (const [name, path] of [
    ["GET /api/children", "/api/children"],
    ["GET /api/carts/pending", "/api/carts/pending"],
    ["GET /api/usage", "/api/usage"],
  ] as const) {
    const shopper = roundRobin(fixture.shoppers);
    endpoints.push([name, (req) => ({ ...req, method: "GET", path, headers: { cookie: shopper().cookie } })]);
  }
  const shopper = roundRobin(fixture.shoppers);
  endpoints.push([BARE_CART_WRITE, (req) => ({ ...req, method: "POST", path: "/ceiling/cart" })]);
  const cartBody = JSON.stringify({ retailer: "Toy Shop", items: [{ name: "Sticker", price: "1.00", quantity: 1 }] });
  endpoints.push([
    "POST /api/children/:id/carts",
    (req) => {
      const s = shopper();
      const headers = { ...json, cookie: s.cookie };
      return { ...req, method: "POST", path: `/api/children/${s.childId}/carts`, headers, body: cartBody };
    },
  ]);
  const approval = roundRobin(fixture.approvals);
  const approveBody = JSON.stringify({ status: "approved" });
  endpoints.push([
    "PATCH /api/carts/:id/status",
    (req) => {
      const a = approval();
      const headers = { ...json, cookie: a.cookie };
      return { ...req, method: "PATCH", path: `/api/carts/${a.cartId}/status`, headers, body: approveBody };
    },
  ]);

  // The machine may be shared, so each endpoint is compared with a ceiling measured right before it.
  const serverPid = server.pid ?? 0;
  const measure = async (list: typeof endpoints, connections: number) => {
    const rows: Row[] = [];
    for (const [name, next] of list) {
      const ceiling = await withCpu(serverPid, () =>
        load("ceiling", fixture.ceilingUrl, (req) => ({ ...req, method: "POST", path: "/ceiling" }), { connections }),
      );
      const url = name === BARE_CART_WRITE ? fixture.ceilingUrl : fixture.appUrl;
      const row = await withCpu(serverPid, () => load(name, url, next, { connections }));
      const cpu =
        row.server !== null && row.postgres !== null && ceiling.server !== null && ceiling.postgres !== null
          ? {
              server: row.server,
              postgres: row.postgres,
              ceilingServer: ceiling.server,
              ceilingPostgres: ceiling.postgres,
            }
          : null;
      rows.push({ ...row.result, ceiling: ceiling.result.rps, cpu });
    }
    return rows;
  };
  const rows = await measure(endpoints, CONNECTIONS);
  const writes = endpoints.filter(([name]) => !name.startsWith("GET"));
  const busy = options.kind === "postgres" ? await measure(writes, BUSY_CONNECTIONS) : [];
  // The writes again at the target's rate: flat out, latency only measures the queue the connections make.
  const steady: Row[] = [];
  for (const [name, next] of writes.filter(([name]) => name !== BARE_CART_WRITE)) {
    steady.push(await load(name, fixture.appUrl, next, { connections: CONNECTIONS, overallRate: TARGET_RPS }));
  }
  server.send("stop");
  await new Promise((resolve) => server.once("exit", resolve));
  return { rows, busy, steady };
}

function printTable(title: string, rows: Row[], withTargets: boolean, withPostgresCpu: boolean) {
  console.log(`\n${title}`);
  const head = ["endpoint".padEnd(30), "req/s", "p50 ms", "p99 ms", "ceiling", "share", "failed", "app µs", "ceil µs"];
  console.log([head[0], ...head.slice(1).map((h) => h?.padStart(8))].join(" "));
  // CPU per request: the app server's (plus PostgreSQL's when it runs as its own processes), against the ceiling's.
  const cpuCell = (server: number, postgres: number) => String(withPostgresCpu ? server + postgres : server);
  for (const r of rows) {
    const share = r.rps / r.ceiling;
    const cells = [r.rps.toFixed(0), r.p50, r.p99, r.ceiling.toFixed(0), `${(share * 100).toFixed(0)}%`, r.failed];
    if (r.cpu) {
      cells.push(cpuCell(r.cpu.server, r.cpu.postgres), cpuCell(r.cpu.ceilingServer, r.cpu.ceilingPostgres));
    }
    const line = [r.name.padEnd(30), ...cells.map((c) => String(c).padStart(8))].join(" ");
    const targeted = withTargets && !r.name.startsWith("GET") && r.name !== BARE_CART_WRITE;
    const met = share >= TARGET_SHARE_OF_CEILING && r.failed === 0;
    console.log(targeted ? `${line}  ${met ? "meets" : "MISSES"} share target` : line);
  }
}

function print(label: string, { rows, busy, steady }: Results, withTargets: boolean, withPostgresCpu: boolean) {
  const each = `${DURATION_S} s each, ${FAMILIES} families under load among ${OTHER_FAMILIES} others`;
  printTable(`${label} (${CONNECTIONS} connections, ${each})`, rows, withTargets, withPostgresCpu);
  if (busy.length) {
    printTable(`${label}, writes at ${BUSY_CONNECTIONS} connections (${each})`, busy, withTargets, withPostgresCpu);
  }
  if (rows.some((r) => r.cpu)) {
    console.log(
      `app µs / ceil µs: CPU microseconds per request of the endpoint and of the ceiling (server process${withPostgresCpu ? " plus PostgreSQL's processes" : ", which holds PGlite"})`,
    );
  }
  console.log(`\n${label}, writes offered at a steady ${TARGET_RPS} req/s (${CONNECTIONS} connections)`);
  console.log(["endpoint".padEnd(30), ...["req/s", "p50 ms", "p99 ms", "failed"].map((h) => h.padStart(8))].join(" "));
  for (const r of steady) {
    const cells = [r.rps.toFixed(0), r.p50, r.p99, r.failed].map((c) => String(c).padStart(8));
    // autocannon's rate limiter lands a little under the rate it is given.
    const met = r.rps >= TARGET_RPS * 0.95 && r.p99 < TARGET_P99_MS && r.failed === 0;
    const line = [r.name.padEnd(30), ...cells].join(" ");
    console.log(withTargets ? `${line}  ${met ? "meets" : "MISSES"} rate target` : line);
  }
  if (withTargets) {
    console.log(
      `targets for submit and approve: sustain ${TARGET_RPS} req/s with p99 < ${TARGET_P99_MS} ms and no failures; flat out, >= ${TARGET_SHARE_OF_CEILING * 100}% of the ceiling (a bare single-row UPDATE at the same number of connections)`,
    );
  }
  console.log(
    `${BARE_CART_WRITE}: a bare route's one statement inserting an approved cart and updating the child's and parent's figures, without session, validation or rules`,
  );
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pw-bench-"));
  try {
    print("PGlite (file-backed)", await benchmark("PGlite", { kind: "pglite", dataDir }), false, false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `pw_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    print("PostgreSQL", await benchmark("PostgreSQL", { kind: "postgres", url: url.href }), true, true);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (process.argv[2] === "serve") {
  await serve(JSON.parse(process.argv[3] ?? "{}") as Serve);
} else {
  await main();
}
