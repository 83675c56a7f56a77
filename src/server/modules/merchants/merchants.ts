import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import PgBoss from "pg-boss";
import { bossConnection } from "../../lib/boss-connection";
import { repeatWhileOpen } from "../../lib/repeat-while-open";
import { onBudgetCommit } from "../budget/budget";
import { secretBox } from "./merchant-keys";
import { registerMerchantRoutes } from "./merchants.routes";
import { expireDueSessions, type MerchantsContext } from "./merchants.service";
import { deliverDueWebhooks } from "./webhooks.service";

export interface Merchants {
  /** Has the worker deliver what is due now, on whichever instance takes the job; call it after a commit. */
  wake(): void;
  /** Expires sessions past their 24 hours, then delivers every due webhook at the app's clock. */
  runDue(): Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    merchants: Merchants;
  }
}

export interface MerchantsOptions {
  /** Where a session's hosted checkout page is (APP_ORIGIN, or the server's own address). */
  linkOrigin: string;
  /** Webhook URLs on loopback (and plain http there) only outside production: tests model merchants locally. */
  allowLoopback: boolean;
  /** Run the pg-boss worker and the sweep; off, webhooks go only when `runDue` is called (tests). */
  worker: boolean;
}

const QUEUE = "merchants.webhooks";
/** A webhook whose job was lost, a retry that came due, and sessions that expired go within this long. */
const SWEEP_INTERVAL_MS = 5_000;

/** Budget writes whose events may have moved a checkout session (and written its webhook event). */
const movesSessions = (event: { type: string }) =>
  event.type === "cart.decided" || event.type === "cart.expired" || event.type === "cart.completed";

/**
 * Decision 141, after decision 133's outbox: the webhook_events rows are the work. pg-boss delivers
 * "send what is due" after a commit that wrote one, a sweep on start and every 5 s catches lost jobs,
 * retries and expiring sessions, and the claim (SKIP LOCKED with a lease) keeps two instances from
 * sending one event at once.
 */
export default fp(
  async function merchantsPlugin(app: FastifyInstance, opts: MerchantsOptions) {
    let boss: PgBoss | null = null;
    let closing = false;
    let running: Promise<number> | null = null;
    let again = false;

    const wake = () => {
      if (!boss || closing) return;
      boss.send(QUEUE, {}).catch((err) => app.log.warn({ err }, "could not queue a webhook job"));
    };

    const ctx: MerchantsContext = {
      app,
      box: secretBox(app.database.db),
      policy: { allowLoopback: opts.allowLoopback },
      linkOrigin: opts.linkOrigin,
      wake,
    };

    /** One run at a time on this instance; a call during a run makes it look once more when it ends. */
    const runDue = (): Promise<number> => {
      if (closing) return Promise.resolve(0);
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let settled = 0;
        try {
          do {
            again = false;
            await expireDueSessions(ctx);
            settled += await deliverDueWebhooks(ctx);
          } while (again && !closing);
          return settled;
        } finally {
          running = null;
        }
      })();
      return running;
    };

    app.decorate("merchants", { wake, runDue } satisfies Merchants);
    onBudgetCommit(app, (changes) => {
      if (changes.events.some(movesSessions)) wake();
    });
    registerMerchantRoutes(app, ctx);

    if (opts.worker) {
      app.addHook("onReady", async () => {
        const started = new PgBoss({ ...bossConnection(app.database, 2), schedule: false });
        started.on("error", (err) => app.log.error({ err }, "webhook worker error"));
        await started.start();
        await started.createQueue(QUEUE);
        await started.work(QUEUE, { pollingIntervalSeconds: 1 }, async () => {
          await runDue();
        });
        boss = started;
        void runDue().catch((err) => app.log.error({ err }, "webhook sweep failed"));
      });
      repeatWhileOpen(app, SWEEP_INTERVAL_MS, runDue);
    }

    app.addHook("onClose", async () => {
      closing = true;
      await boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
      await running?.catch(() => {});
    });
  },
  { name: "merchants" },
);
