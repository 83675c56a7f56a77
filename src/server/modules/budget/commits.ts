import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import type { BudgetChanges } from "./budget-write";

type CommitListener = (changes: BudgetChanges) => void;

/** Keyed by the database, which every encapsulated Fastify instance of one app shares. */
const listeners = new WeakMap<Database, Set<CommitListener>>();

/**
 * Calls `listener` after each budget write of the family writes commits, with what it wrote: work that
 * must follow the commit, never precede it (decision 133: the notification worker is woken to send the
 * intents the write queued). A listener must not throw, nor wait: the answer to the request waits for it.
 */
export function onBudgetCommit(app: FastifyInstance, listener: CommitListener) {
  const set = listeners.get(app.database) ?? new Set<CommitListener>();
  set.add(listener);
  listeners.set(app.database, set);
  app.addHook("onClose", async () => {
    set.delete(listener);
  });
}

export function budgetCommitted(app: FastifyInstance, changes: BudgetChanges) {
  for (const listener of listeners.get(app.database) ?? []) listener(changes);
}
