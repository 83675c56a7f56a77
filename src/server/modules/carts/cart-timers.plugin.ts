import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { repeatWhileOpen } from "../../lib/repeat-while-open";
import { expireDueCarts, remindDueCarts } from "./cart-timers.service";

export interface CartTimers {
  /** Reminds and expires every cart due at the app's clock; answers how many of each. */
  runDue(): Promise<{ reminded: number; expired: number }>;
}

declare module "fastify" {
  interface FastifyInstance {
    cartTimers: CartTimers;
  }
}

/** Often enough that a cart expires within seconds of its time; each sweep is one indexed query when nothing is due. */
const SWEEP_INTERVAL_MS = 10_000;

/**
 * docs/decisions/134: reminders and expiry are swept from the carts' own rows by every instance that
 * runs the worker, on start and every 10 seconds, so a restart or a stopped instance delays them by one
 * sweep at most and never loses one.
 */
export default fp(
  async function cartTimersPlugin(app: FastifyInstance, opts: { worker: boolean }) {
    let running: Promise<{ reminded: number; expired: number }> | null = null;
    let closing = false;
    // One sweep at a time per instance; a second call waits for the one under way.
    const runDue = () => {
      if (closing) return Promise.resolve({ reminded: 0, expired: 0 });
      running ??= (async () => {
        try {
          const done = { reminded: await remindDueCarts(app), expired: await expireDueCarts(app) };
          // Their e-mails and pushes are queued; send them now rather than at the outbox's next sweep.
          if (done.reminded || done.expired) app.notifications.wake();
          return done;
        } finally {
          running = null;
        }
      })();
      return running;
    };
    app.decorate("cartTimers", { runDue } satisfies CartTimers);
    if (opts.worker) {
      app.addHook("onReady", async () => {
        void runDue().catch((err) => app.log.error({ err }, "cart reminder and expiry sweep failed"));
      });
      repeatWhileOpen(app, SWEEP_INTERVAL_MS, runDue);
    }
    app.addHook("onClose", async () => {
      closing = true;
      await running?.catch(() => {});
    });
  },
  { name: "cart-timers" },
);
