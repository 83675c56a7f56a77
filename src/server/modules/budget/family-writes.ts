import type { FastifyInstance } from "fastify";
import type { Tx } from "../../db/client";
import type { BudgetCategoryRow, ChildRow, UserRow } from "../../db/schema";
import { groupCommit, type Outcome } from "../../lib/group-commit";
import { notFound } from "../../lib/http-errors";
import { announced } from "./announcements";
import { addChanges, type BudgetChanges, noChanges, writeBudgetChanges } from "./budget-write";
import { budgetCommitted } from "./commits";
import {
  type FamilyCartRows,
  type FamilyChildRows,
  type FamilyPair,
  inCartTransaction,
  inFamilyTransaction,
  lockChildrenCategories,
  lockedPair,
  lockFamilyCarts,
  lockFamilyChild,
  lockFamilyChildren,
} from "./family-lock";

/** What a service decided for one request: its answer, and the budget rows it changes. */
export interface Decided<R> {
  result: R;
  changes?: Partial<BudgetChanges>;
}

/** The rows a batch locks with each family: one of its children, or one of its carts with the cart's child. */
interface LockedRows {
  child: FamilyChildRows;
  cart: FamilyCartRows;
}

type Lock<L> = (tx: Tx, pairs: FamilyPair[], options: { skipLocked: boolean }) => Promise<Map<string, L>>;

const LOCKS: { [K in keyof LockedRows]: Lock<LockedRows[K]> } = {
  child: lockFamilyChildren,
  cart: lockFamilyCarts,
};

/*
 * Decision 110: up to MAX_BATCH families in one transaction, one such transaction at a time. Measured
 * with bench/purchase.ts: a second batch in flight made batches smaller and cost PostgreSQL more per
 * cart than it saved in waiting.
 */
const MAX_BATCH = 32;
const MAX_BATCHES_IN_FLIGHT = 1;

export interface FamilyBatchSpec<K extends keyof LockedRows, J, E, R> {
  /** Which rows are locked with the family. */
  rows: K;
  /** The parent and the child or cart the request names; a family's requests never share a batch. */
  target(job: J): FamilyPair;
  /** The answer (404) when the child or cart is not the family's. */
  notFoundMessage: string;
  /** Whether deciding needs the child's categories, which are then read and locked too. */
  needsCategories(job: J, locked: LockedRows[K]): boolean;
  /** Earlier answers for retries (Idempotency-Key, decision 032), read under the locks in one statement. */
  recall(tx: Tx, found: { job: J; locked: LockedRows[K] }[]): Promise<Map<J, E>>;
  /**
   * The pure decision: the answer and the changes, from the rows as they are under the lock. Throwing
   * refuses this request alone; the batch's others still commit.
   */
  decide(
    job: J,
    locked: LockedRows[K],
    context: { categories: BudgetCategoryRow[]; earlier: E | undefined; now: Date },
  ): Decided<R>;
}

/**
 * The group commit of decision 110: requests that arrive while a batch is written are decided together
 * in the next one, each under its own family's lock, and written by one statement. A request whose
 * family's rows another transaction holds runs again alone, where it waits for them; one that a failed
 * batch carried runs again alone too (lib/group-commit).
 */
export function familyBatcher<K extends keyof LockedRows, J, E, R>(
  app: FastifyInstance,
  spec: FamilyBatchSpec<K, J, E, R>,
): (job: J) => Promise<R> {
  return groupCommit<J, R>({
    keyOf: (job) => spec.target(job).parentId,
    runBatch: async (jobs, alone) => {
      const batch = await app.database.db.transaction((tx) => runBatch(tx, app.now(), spec, jobs, alone));
      budgetCommitted(app, batch.changes);
      return batch.outcomes;
    },
    maxBatch: MAX_BATCH,
    maxInFlight: MAX_BATCHES_IN_FLIGHT,
  });
}

/** `alone`: wait for rows another transaction holds; otherwise leave their requests to run alone. */
async function runBatch<K extends keyof LockedRows, J, E, R>(
  tx: Tx,
  now: Date,
  spec: FamilyBatchSpec<K, J, E, R>,
  jobs: J[],
  alone: boolean,
): Promise<{ outcomes: Outcome<R>[]; changes: BudgetChanges }> {
  const locked = await LOCKS[spec.rows](tx, jobs.map(spec.target), { skipLocked: !alone });
  const found = jobs.flatMap((job) => {
    const rows = lockedPair(locked, spec.target(job));
    return rows ? [{ job, locked: rows }] : [];
  });
  const earlier = await spec.recall(tx, found);
  const categories = await lockChildrenCategories(
    tx,
    found.filter((f) => spec.needsCategories(f.job, f.locked)).map((f) => f.locked.child.id),
  );

  const changes = noChanges();
  const outcomes = jobs.map((job): Outcome<R> => {
    try {
      const rows = lockedPair(locked, spec.target(job));
      if (!rows && !alone) return { kind: "alone" };
      if (!rows) throw notFound(spec.notFoundMessage);
      const decided = spec.decide(job, rows, {
        categories: categories.get(rows.child.id) ?? [],
        earlier: earlier.get(job),
        now,
      });
      addChanges(changes, announced(rows.user.id, decided.changes));
      return { kind: "done", value: decided.result };
    } catch (error) {
      return { kind: "failed", error };
    }
  });
  await writeBudgetChanges(tx, changes);
  return { outcomes, changes };
}

/**
 * One family's budget write outside the batches: `decide` runs under the family lock (and may lock and
 * read the family's other rows, or write rows that are not budget rows), and its changes are written
 * with the same statement as a batch's.
 */
export function changeFamilyBudget<R>(
  app: FastifyInstance,
  parentId: string,
  decide: (tx: Tx, user: UserRow) => Promise<Decided<R>>,
): Promise<R> {
  return inFamilyTransaction(app, parentId, async (tx, user) => {
    const decided = await decide(tx, user);
    const changes = announced(parentId, decided.changes);
    await writeBudgetChanges(tx, changes);
    return { result: decided.result, changes };
  }).then(({ result, changes }) => {
    budgetCommitted(app, changes);
    return result;
  });
}

/** changeFamilyBudget with one of the family's carts and its child locked in the same statement (null if not the family's). */
export function changeCartBudget<R>(
  app: FastifyInstance,
  parentId: string,
  cartId: string,
  decide: (tx: Tx, locked: LockedRows["cart"] | null) => Promise<Decided<R>>,
): Promise<R> {
  return inCartTransaction(app, parentId, cartId, async (tx, locked) => {
    const decided = await decide(tx, locked);
    const changes = announced(parentId, decided.changes);
    await writeBudgetChanges(tx, changes);
    return { result: decided.result, changes };
  }).then(({ result, changes }) => {
    budgetCommitted(app, changes);
    return result;
  });
}

/** changeFamilyBudget with one of the family's children locked too; 404 with `notFoundMessage` otherwise. */
export function changeChildBudget<R>(
  app: FastifyInstance,
  parentId: string,
  childId: string,
  notFoundMessage: string,
  decide: (tx: Tx, locked: { user: UserRow; child: ChildRow }) => Promise<Decided<R>>,
): Promise<R> {
  return changeFamilyBudget(app, parentId, async (tx, user) => {
    const child = await lockFamilyChild(tx, parentId, childId);
    if (!child) throw notFound(notFoundMessage);
    return decide(tx, { user, child });
  });
}
