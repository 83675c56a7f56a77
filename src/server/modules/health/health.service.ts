import { count, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Health } from "../../../shared/schemas/staff";
import { sessions, workflows } from "../../db/schema";

/** The decoration the automation worker adds (`app.automations`); only what the check needs. */
interface AutomationWorker {
  isRunning(): boolean;
}

/** The workflows migration 0003 seeds; without them no automation can run. */
const SEEDED_WORKFLOWS = ["onboarding", "payment-recovery"];
/** A check that has not answered by then counts as failed rather than holding the page. */
const CHECK_TIMEOUT_MS = 5_000;

type Check = { name: string; failure: string; run: () => Promise<boolean> };

/**
 * spec 001 §2.10 and §3 "Health response": real checks of what the product needs to work. Failures
 * name what is wrong in fixed words; what the error said goes to the log only, never to the page,
 * which anyone may open.
 */
export async function checkHealth(app: FastifyInstance): Promise<Health> {
  const { db } = app.database;
  const checks: Check[] = [
    {
      name: "Database",
      failure: "The database is not answering",
      run: async () => {
        await db.execute(sql`select 1`);
        return true;
      },
    },
    {
      name: "Migrations",
      failure: "The database schema is not up to date",
      run: async () => {
        const [row] = await db.select({ n: count() }).from(workflows).where(inArray(workflows.key, SEEDED_WORKFLOWS));
        return row?.n === SEEDED_WORKFLOWS.length;
      },
    },
    {
      name: "Session store",
      failure: "The session store is not available",
      run: async () => {
        await db.select({ sid: sessions.sid }).from(sessions).limit(1);
        return true;
      },
    },
    {
      name: "Automation worker",
      failure: "Automation worker is not running",
      run: async () => app.hasDecorator("automations") && app.getDecorator<AutomationWorker>("automations").isRunning(),
    },
  ];

  const tests = await Promise.all(
    checks.map(async (check) => {
      const passed = await withTimeout(check.run()).catch((err: unknown) => {
        app.log.warn({ err, check: check.name }, "health check failed");
        return false;
      });
      return passed
        ? { name: check.name, status: "PASS" as const }
        : { name: check.name, status: "FAIL" as const, error: check.failure };
    }),
  );
  const databaseDown = tests[0]?.status === "FAIL";
  return {
    // Nothing works without the database: that is an error, not one issue among others.
    status: databaseDown ? "ERROR" : tests.every((t) => t.status === "PASS") ? "HEALTHY" : "ISSUES_FOUND",
    tests,
  };
}

function withTimeout(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}
