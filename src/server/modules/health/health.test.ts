import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestApp, createTestDatabase, SLOW_START_MS, type TestApp } from "../../test-support/test-app";
import type { Automations } from "../automations/automations.plugin";
import { checkHealth } from "./health.service";

let t: TestApp;
let database: Database;
beforeAll(async () => {
  [t, database] = await Promise.all([createTestApp(), createTestDatabase()]);
}, SLOW_START_MS);
afterAll(async () => {
  await Promise.all([t?.close(), database?.close()]);
}, SLOW_START_MS);

/** An app with only what the checks read, and the worker in the state a case needs. */
async function appWith(db: Database, worker?: { running: boolean }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate("database", db);
  // The checks call isRunning() only; the rest of the worker is not needed here.
  const stub: Pick<Automations, "isRunning"> = { isRunning: () => worker?.running ?? false };
  if (worker) app.decorate("automations", stub as Automations);
  await app.ready();
  return app;
}

const PASSING = ["Database", "Migrations", "Session store"].map((name) => ({ name, status: "PASS" }));
const workerDown = { name: "Automation worker", status: "FAIL", error: "Automation worker is not running" };

describe("GET /api/test/health", () => {
  it("answers 200 to anyone, uncached, with the real checks", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test/health" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const running =
      t.app.hasDecorator("automations") && t.app.getDecorator<{ isRunning(): boolean }>("automations").isRunning();
    expect(res.json()).toEqual({
      status: running ? "HEALTHY" : "ISSUES_FOUND",
      tests: [...PASSING, running ? { name: "Automation worker", status: "PASS" } : workerDown],
    });
  });
});

describe("checkHealth", () => {
  it("is HEALTHY when the database, its schema, the session store and the worker all answer", async () => {
    expect(await checkHealth(await appWith(database, { running: true }))).toEqual({
      status: "HEALTHY",
      tests: [...PASSING, { name: "Automation worker", status: "PASS" }],
    });
  });

  it.each([
    ["stopped", { running: false }],
    ["absent", undefined],
  ])("finds an issue when the worker is %s", async (_, worker) => {
    expect(await checkHealth(await appWith(database, worker))).toEqual({
      status: "ISSUES_FOUND",
      tests: [...PASSING, workerDown],
    });
  });

  it("fails the migrations check when the seeded workflows are missing", async () => {
    const stale = await createTestDatabase();
    try {
      await stale.query("delete from workflows where key = 'payment-recovery'");
      const health = await checkHealth(await appWith(stale, { running: true }));
      expect(health.status).toBe("ISSUES_FOUND");
      expect(health.tests[1]).toEqual({
        name: "Migrations",
        status: "FAIL",
        error: "The database schema is not up to date",
      });
    } finally {
      await stale.close();
    }
  });

  it("answers ERROR when the database is gone, naming no internals", async () => {
    const gone = await createTestDatabase();
    await gone.close();
    const health = await checkHealth(await appWith(gone, { running: true }));
    expect(health).toEqual({
      status: "ERROR",
      tests: [
        { name: "Database", status: "FAIL", error: "The database is not answering" },
        { name: "Migrations", status: "FAIL", error: "The database schema is not up to date" },
        { name: "Session store", status: "FAIL", error: "The session store is not available" },
        { name: "Automation worker", status: "PASS" },
      ],
    });
  });
});
