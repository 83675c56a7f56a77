import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import PgBoss from "pg-boss";
import type { Execution } from "../../../shared/schemas/staff";
import type { Config } from "../../config";
import { bossConnection } from "../../lib/boss-connection";
import { repeatWhileOpen } from "../../lib/repeat-while-open";
import { createEngine } from "./automations.engine";
import { insertExecutionsForEvent } from "./automations.repository";
import { createMailer, type Mailer } from "./mailer";

export interface Automations {
  /** Starts a workflow for a parent; answers the new execution (running, nothing done yet). */
  trigger(workflowKey: string, userId: string): Promise<Execution>;
  /**
   * docs/product-contract.md "Deciding from anywhere": starts every active workflow whose trigger is
   * `event` (user.signup, payment.failed, …) for the user; never throws, since the event has happened.
   */
  startFor(event: string, userId: string): Promise<void>;
  /** Advances every execution due at the app's clock; answers how many took a step. */
  runDue(): Promise<number>;
  /** Whether the background worker is taking jobs (the health check reports it). */
  isRunning(): boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    automations: Automations;
    /** The automations' mailer, shared with the password reset e-mail. */
    mailer: Mailer;
  }
}

export interface AutomationsOptions {
  mail?: Config["mail"];
  appOrigin: string | null;
  /** Run the pg-boss worker and the periodic sweep; off, executions move only when `runDue` is called. */
  worker: boolean;
}

const QUEUE = "automations.advance-execution";
/** How often every instance looks for due executions whose job was lost (or never sent). */
const SWEEP_INTERVAL_MS = 30_000;

/**
 * docs/product-contract.md "Staff area": executions live in workflow_executions; pg-boss delivers "advance execution X"
 * right after a trigger and when a wait ends, and a sweep on start and every 30 s catches anything whose
 * job was lost, so a restart loses nothing. The row lock in the engine keeps two deliveries from doing a
 * step twice.
 */
export default fp(
  async function automationsPlugin(app: FastifyInstance, opts: AutomationsOptions) {
    const mailer = createMailer(opts.mail);
    app.decorate("mailer", mailer);
    let boss: PgBoss | null = null;
    let closing = false;
    const inFlight = new Set<Promise<unknown>>();

    const engine = createEngine({
      database: app.database,
      now: app.now,
      mailer,
      appOrigin: opts.appOrigin,
      log: app.log,
      onWaiting: (id, resumeAt) => enqueue(id, resumeAt),
    });

    /** Counts work under way so closing waits for it instead of pulling the database from under it. */
    function track<T>(work: Promise<T>): Promise<T> {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work)).catch(() => {});
      return work;
    }

    async function enqueue(executionId: string, startAfter?: Date) {
      if (!boss || closing) return;
      try {
        await boss.send(QUEUE, { executionId }, startAfter ? { startAfter } : {});
      } catch (err) {
        // The sweep picks the execution up instead.
        app.log.warn({ err, executionId }, "could not queue automation job");
      }
    }

    const runDue = () => (closing ? Promise.resolve(0) : track(engine.runDue()));

    app.decorate("automations", {
      async trigger(workflowKey, userId) {
        const execution = await engine.trigger(workflowKey, userId);
        await enqueue(execution.id);
        return execution;
      },
      async startFor(event, userId) {
        try {
          const ids = await insertExecutionsForEvent(app.database.db, { event, userId, now: app.now() });
          for (const id of ids) await enqueue(id);
        } catch (err) {
          app.log.error({ err, event }, "could not start the automations of an event");
        }
      },
      runDue,
      isRunning: () => boss !== null && !closing,
    } satisfies Automations);

    if (opts.worker) {
      app.addHook("onReady", async () => {
        const started = new PgBoss({
          ...bossConnection(app.database, 3),
          // No cron schedules, so no clock-skew monitor either; maintenance archives finished jobs.
          schedule: false,
        });
        started.on("error", (err) => app.log.error({ err }, "automation worker error"));
        await started.start();
        await started.createQueue(QUEUE);
        await started.work<{ executionId: string }>(QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) await track(engine.advance(job.data.executionId));
        });
        boss = started;
        void runDue().catch((err) => app.log.error({ err }, "automation sweep failed"));
      });
      repeatWhileOpen(app, SWEEP_INTERVAL_MS, runDue);
    }

    app.addHook("onClose", async () => {
      closing = true;
      // Well inside server.ts's 10 s limit for the whole shutdown.
      await boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
      await Promise.allSettled(inFlight);
      mailer.close();
    });
  },
  { name: "automations" },
);
