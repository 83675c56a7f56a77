import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { wakeableWorker } from "../../lib/wakeable-worker";
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
    const { wake, runDue } = wakeableWorker(app, {
      queue: QUEUE,
      label: "webhook",
      sweepMs: SWEEP_INTERVAL_MS,
      worker: opts.worker,
      work: async () => {
        await expireDueSessions(ctx);
        return deliverDueWebhooks(ctx);
      },
    });

    const ctx: MerchantsContext = {
      app,
      box: secretBox(app.database.db),
      policy: { allowLoopback: opts.allowLoopback },
      linkOrigin: opts.linkOrigin,
      wake,
    };

    app.decorate("merchants", { wake, runDue } satisfies Merchants);
    onBudgetCommit(app, (changes) => {
      if (changes.events.some(movesSessions)) wake();
    });
    registerMerchantRoutes(app, ctx);
  },
  { name: "merchants" },
);
