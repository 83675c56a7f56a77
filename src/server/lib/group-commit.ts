/** One job's outcome inside a batch: a batch commits the jobs that succeed and answers the others' errors. */
export type Outcome<R> =
  | { kind: "done"; value: R }
  | { kind: "failed"; error: unknown }
  /** The job could not take part without waiting (its rows were busy); it runs again in a batch of its own. */
  | { kind: "alone" };

export interface GroupCommitOptions<J, R> {
  /** Jobs with the same key never share a batch and never run at the same time; they run in arrival order. */
  keyOf(job: J): string;
  /**
   * Runs the jobs in one transaction and answers each job's outcome, in order. Throwing fails the whole
   * batch; each of its jobs is then run again alone, so one job's database error never fails another.
   * A batch should not wait for anything one of its jobs alone is waiting for (a row another transaction
   * holds): it answers that job "alone", and the job runs again by itself with `alone` set, where it may
   * wait without holding the other jobs up.
   */
  runBatch(jobs: J[], alone: boolean): Promise<Outcome<R>[]>;
  maxBatch: number;
  /** Batches running at once; they never share a key. */
  maxInFlight: number;
}

interface Entry<J, R> {
  job: J;
  key: string;
  resolve(value: R): void;
  reject(error: unknown): void;
}

/**
 * Group commit: jobs that arrive while earlier batches are running wait and then run together, in one
 * transaction of a few statements, instead of a transaction each. Under load this spends the database's
 * fixed cost per transaction (round trips, planning, the commit) once per batch; alone, a job runs at
 * once in a batch of one.
 */
export function groupCommit<J, R>(options: GroupCommitOptions<J, R>): (job: J) => Promise<R> {
  const waiting: Entry<J, R>[] = [];
  const busyKeys = new Set<string>();
  let inFlight = 0;

  /** Answers a job; its key is free again for the next job with it. */
  function settle(entry: Entry<J, R>, outcome: Outcome<R> | undefined) {
    if (outcome?.kind === "done") entry.resolve(outcome.value);
    else if (outcome?.kind === "failed") entry.reject(outcome.error);
    else entry.reject(new Error("a batch left a job without an outcome"));
    busyKeys.delete(entry.key);
    pump();
  }

  /**
   * Runs a batch and settles its jobs; a job run again alone keeps its key but not the batch's place in
   * flight, so a job waiting for a row holds up no other. `alone` runs one job, which may wait.
   */
  async function run(batch: Entry<J, R>[], alone: boolean): Promise<void> {
    let outcomes: Outcome<R>[];
    try {
      outcomes = await options.runBatch(
        batch.map((e) => e.job),
        alone,
      );
    } catch (error) {
      if (alone) settle(batch[0] as Entry<J, R>, { kind: "failed", error });
      else for (const entry of batch) void run([entry], true);
      return;
    }
    batch.forEach((entry, i) => {
      const outcome = outcomes[i];
      if (outcome?.kind === "alone" && !alone) void run([entry], true);
      else settle(entry, outcome);
    });
  }

  function pump() {
    while (inFlight < options.maxInFlight) {
      const batch: Entry<J, R>[] = [];
      const keys = new Set<string>();
      for (let i = 0; i < waiting.length && batch.length < options.maxBatch; ) {
        const entry = waiting[i] as Entry<J, R>;
        // A key already taken stays taken for the rest of the scan, so a key's later jobs keep their order.
        if (busyKeys.has(entry.key) || keys.has(entry.key)) {
          keys.add(entry.key);
          i += 1;
          continue;
        }
        keys.add(entry.key);
        batch.push(entry);
        waiting.splice(i, 1);
      }
      if (!batch.length) return;
      for (const entry of batch) busyKeys.add(entry.key);
      inFlight += 1;
      void run(batch, false).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return (job) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ job, key: options.keyOf(job), resolve, reject });
      pump();
    });
}
