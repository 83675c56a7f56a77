import type { FastifyInstance } from "fastify";

/**
 * Runs `task` every `periodMs` while the app is open, for housekeeping that need not happen on a
 * request. A failed run is ignored: the next one tries again. The timer never keeps the process alive.
 */
export function repeatWhileOpen(app: FastifyInstance, periodMs: number, task: () => Promise<unknown>) {
  const timer = setInterval(() => void task().catch(() => {}), periodMs);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
