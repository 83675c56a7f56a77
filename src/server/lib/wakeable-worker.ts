import type { FastifyInstance } from "fastify";
import PgBoss from "pg-boss";
import { bossConnection } from "./boss-connection";
import { repeatWhileOpen } from "./repeat-while-open";

export interface WakeableWorker {
  /** Has the worker run now, on whichever instance takes the job; call it after a commit that left work. */
  wake(): void;
  /** Runs the work due at the app's clock; answers what `work` counted. */
  runDue(): Promise<number>;
}

/**
 * The worker of an outbox whose rows are the work (decisions 133 and 141): pg-boss delivers "run what is
 * due" right after `wake()`, a sweep on start and every `sweepMs` catches lost jobs and retries that
 * came due, and one run at a time goes on per instance (a call during a run makes it look once more when
 * it ends). Keeping two instances from doing one row twice is the work's own claim, not this.
 * With `worker` off (tests) nothing runs unless `runDue` is called.
 */
export function wakeableWorker(
  app: FastifyInstance,
  opts: { queue: string; label: string; sweepMs: number; worker: boolean; work: () => Promise<number> },
): WakeableWorker {
  let boss: PgBoss | null = null;
  let closing = false;
  let running: Promise<number> | null = null;
  let again = false;

  const runDue = (): Promise<number> => {
    if (closing) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let done = 0;
      try {
        do {
          again = false;
          done += await opts.work();
        } while (again && !closing);
        return done;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const wake = () => {
    if (!boss || closing) return;
    boss.send(opts.queue, {}).catch((err) => app.log.warn({ err }, `could not queue a ${opts.label} job`));
  };

  if (opts.worker) {
    app.addHook("onReady", async () => {
      const started = new PgBoss({ ...bossConnection(app.database, 2), schedule: false });
      started.on("error", (err) => app.log.error({ err }, `${opts.label} worker error`));
      await started.start();
      await started.createQueue(opts.queue);
      await started.work(opts.queue, { pollingIntervalSeconds: 1 }, async () => {
        await runDue();
      });
      boss = started;
      void runDue().catch((err) => app.log.error({ err }, `${opts.label} sweep failed`));
    });
    repeatWhileOpen(app, opts.sweepMs, runDue);
  }

  app.addHook("onClose", async () => {
    closing = true;
    await boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
    await running?.catch(() => {});
  });

  return { wake, runDue };
}
