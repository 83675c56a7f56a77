import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import PgBoss from "pg-boss";
import { bossConnection } from "../../lib/boss-connection";
import { applyRetentionAt, type RetentionReport } from "./retention.service";

declare module "fastify" {
  interface FastifyInstance {
    /** Deletes everything the retention policy says is due at the app's clock (docs/retention.md). */
    applyRetention(): Promise<RetentionReport>;
  }
}

export interface RetentionOptions {
  /** Where the mailer writes e-mails when no SMTP server is set (DATA_DIR/outbox); null: no such folder. */
  outboxDir: string | null;
  /** Schedule the daily run with pg-boss; off (tests), rows go only when `applyRetention` is called. */
  worker: boolean;
}

const QUEUE = "retention.apply";
/** Daily at 03:15 UTC, when families are least likely to be using the product. */
const DAILY = "15 3 * * *";
/** The longest throttle pg-boss allows: its archive interval, 12 hours by default. */
const START_UP_RUN_EVERY_SECONDS = 12 * 60 * 60;

/**
 * docs/decisions/159: the policy is applied by one pg-boss job a day. The queue's `singleton` policy lets
 * one run be active at a time across every instance, and pg-boss's cron creates one job per tick whatever
 * the number of instances. A run on start-up, at most one per 12 hours, makes up for a day on which no instance
 * was up at 03:15. Each rule deletes only what is due, so a repeated run deletes nothing more.
 */
export default fp(
  async function retentionPlugin(app: FastifyInstance, opts: RetentionOptions) {
    let running: Promise<RetentionReport> | null = null;
    let closing = false;
    let boss: PgBoss | null = null;

    // One run at a time per instance; a second call shares the one under way.
    const applyRetention = (): Promise<RetentionReport> => {
      running ??= applyRetentionAt(app.database.db, app.now(), { outboxDir: opts.outboxDir }).finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate("applyRetention", applyRetention);

    if (opts.worker) {
      app.addHook("onReady", async () => {
        const started = new PgBoss({
          ...bossConnection(app.database, 1),
          // The cron needs pg-boss's scheduler; a daily job is found well within its minute at these intervals.
          schedule: true,
          cronMonitorIntervalSeconds: 30,
          cronWorkerIntervalSeconds: 30,
        });
        started.on("error", (err) => app.log.error({ err }, "retention worker error"));
        await started.start();
        await started.createQueue(QUEUE, { name: QUEUE, policy: "singleton" });
        await started.schedule(QUEUE, DAILY, {}, { tz: "UTC" });
        // A start-up within 12 hours of another finds its job and sends none.
        await started.send(QUEUE, {}, { singletonSeconds: START_UP_RUN_EVERY_SECONDS });
        await started.work(QUEUE, { pollingIntervalSeconds: 30 }, async () => {
          if (closing) return;
          const report = await applyRetention();
          app.log.info({ deleted: report }, "retention applied");
        });
        boss = started;
      });
    }

    app.addHook("onClose", async () => {
      closing = true;
      await boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
      await running?.catch(() => {});
    });
  },
  { name: "retention" },
);
