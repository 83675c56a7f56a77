import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { wakeableWorker } from "../../lib/wakeable-worker";
import { onBudgetCommit } from "../budget/budget";
import { createOutbox } from "./outbox.service";

export interface Notifications {
  /** Has the worker send what is due now, on whichever instance takes the job; call it after a commit. */
  wake(): void;
  /** Sends everything due at the app's clock; answers how many outbox rows were settled. */
  runDue(): Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

export interface NotificationsOptions {
  /** Where e-mailed links point (APP_ORIGIN, or the server's own address). */
  linkOrigin: string;
  /** Run the pg-boss worker and the sweep; off, messages go only when `runDue` is called (tests). */
  worker: boolean;
}

const QUEUE = "notifications.deliver";
/** A message whose job was lost, or that waits for its retry, goes within this long. */
const SWEEP_INTERVAL_MS = 5_000;

/** The events of a budget write that leave something to send at once; badges wait for the sweep. */
const urgent = (event: { type: string; data: Record<string, unknown> }) =>
  (event.type === "cart.submitted" && event.data.status === "pending") || event.type === "budget.warning";

/**
 * Decision 133: the outbox rows are the work. pg-boss delivers "send what is due" right after a commit
 * that queued something (from the budget write's commit, or `wake()`), a sweep on start and every 5 s
 * catches anything whose job was lost and every retry that comes due, and the claim (SKIP LOCKED with a
 * lease) keeps two instances, or two jobs, from sending one message twice.
 */
export default fp(
  async function notificationsPlugin(app: FastifyInstance, opts: NotificationsOptions) {
    const outbox = createOutbox(app, { linkOrigin: opts.linkOrigin });
    const { wake, runDue } = wakeableWorker(app, {
      queue: QUEUE,
      label: "notification",
      sweepMs: SWEEP_INTERVAL_MS,
      worker: opts.worker,
      work: () => outbox.runDue(),
    });

    app.decorate("notifications", { wake, runDue } satisfies Notifications);
    onBudgetCommit(app, (changes) => {
      if (changes.events.some(urgent)) wake();
    });
  },
  // E-mail goes through the automations' mailer (which closes after this plugin), push through the push plugin.
  { name: "notifications", dependencies: ["automations", "push"] },
);
