import { describe, expect, it } from "vitest";
import { type GroupCommitOptions, groupCommit, type Outcome } from "./group-commit";

interface Job {
  key: string;
  value: number;
}

/** A batch runner whose batches finish only when the test says so, recording what each batch held. */
function controlledRunner(answer: (job: Job) => Outcome<number> = (job) => ({ kind: "done", value: job.value * 10 })) {
  const batches: Job[][] = [];
  const finishers: (() => void)[] = [];
  const running = { now: 0, most: 0 };
  const runBatch = (jobs: Job[]) =>
    new Promise<Outcome<number>[]>((resolve) => {
      batches.push(jobs);
      running.now += 1;
      running.most = Math.max(running.most, running.now);
      finishers.push(() => {
        running.now -= 1;
        resolve(jobs.map(answer));
      });
    });
  const finishNext = async () => {
    finishers.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { batches, runBatch, finishNext, running };
}

const commit = (runBatch: GroupCommitOptions<Job, number>["runBatch"], maxBatch = 8, maxInFlight = 1) =>
  groupCommit<Job, number>({ keyOf: (j) => j.key, runBatch, maxBatch, maxInFlight });

const settled = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe("groupCommit", () => {
  it("runs a lone job at once, in a batch of its own", async () => {
    const runner = controlledRunner();
    const submit = commit(runner.runBatch);
    const result = submit({ key: "a", value: 1 });
    expect(runner.batches).toEqual([[{ key: "a", value: 1 }]]);
    await runner.finishNext();
    await expect(result).resolves.toBe(10);
  });

  it("groups the jobs that arrive while a batch runs into the next batch, each answered its own outcome", async () => {
    const runner = controlledRunner();
    const submit = commit(runner.runBatch);
    const first = submit({ key: "a", value: 1 });
    const rest = [2, 3, 4].map((value) => submit({ key: `k${value}`, value }));
    expect(runner.batches).toHaveLength(1);
    await runner.finishNext();
    expect(runner.batches[1]?.map((j) => j.value)).toEqual([2, 3, 4]);
    await runner.finishNext();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
  });

  it("never puts two jobs of one key in a batch or in flight at once, and keeps a key's jobs in order", async () => {
    const runner = controlledRunner();
    const submit = commit(runner.runBatch, 8, 2);
    const results = [
      submit({ key: "a", value: 1 }),
      submit({ key: "a", value: 2 }),
      submit({ key: "b", value: 3 }),
      submit({ key: "a", value: 4 }),
      submit({ key: "c", value: 5 }),
    ];
    // Each job starts as soon as a batch may; the second "a" may not start while the first runs.
    expect(runner.batches.map((b) => b.map((j) => j.value))).toEqual([[1], [3]]);
    while (runner.batches.flat().length < 5) await runner.finishNext();
    await runner.finishNext();
    await runner.finishNext();
    const order = runner.batches
      .flat()
      .filter((j) => j.key === "a")
      .map((j) => j.value);
    expect(order).toEqual([1, 2, 4]);
    for (const batch of runner.batches) expect(new Set(batch.map((j) => j.key)).size).toBe(batch.length);
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50]);
  });

  it("holds at most maxBatch jobs in a batch and maxInFlight batches at once", async () => {
    const runner = controlledRunner();
    const submit = commit(runner.runBatch, 3, 2);
    const results = Array.from({ length: 10 }, (_, value) => submit({ key: `k${value}`, value }));
    while (runner.batches.flat().length < 10 || runner.running.now > 0) await runner.finishNext();
    expect(Math.max(...runner.batches.map((b) => b.length))).toBe(3);
    expect(runner.running.most).toBe(2);
    expect(await Promise.all(results)).toEqual(Array.from({ length: 10 }, (_, v) => v * 10));
  });

  it("answers a job's own failure to that job only", async () => {
    const runner = controlledRunner((job) =>
      job.value === 2 ? { kind: "failed", error: new Error("no") } : { kind: "done", value: job.value },
    );
    const submit = commit(runner.runBatch);
    const first = submit({ key: "a", value: 1 });
    const second = settled(submit({ key: "b", value: 2 }));
    const third = submit({ key: "c", value: 3 });
    await runner.finishNext();
    await runner.finishNext();
    expect(await first).toBe(1);
    expect(await second).toEqual({ error: new Error("no") });
    expect(await third).toBe(3);
  });

  it("runs each job of a failed batch again alone, so only the job that fails alone fails", async () => {
    const batches: number[][] = [];
    let hold: (() => void) | null = null;
    const submit = commit(async (jobs) => {
      batches.push(jobs.map((j) => j.value));
      if (batches.length === 1) await new Promise<void>((r) => (hold = r));
      if (jobs.some((j) => j.value === 3)) throw new Error("statement failed");
      return jobs.map((j) => ({ kind: "done", value: j.value }));
    });
    const first = submit({ key: "a", value: 1 });
    const later = [2, 3, 4].map((value) => settled(submit({ key: `k${value}`, value })));
    (hold as unknown as () => void)();
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual([{ value: 2 }, { error: new Error("statement failed") }, { value: 4 }]);
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it("runs a job its batch could not take without waiting again alone, where it may wait", async () => {
    const calls: { values: number[]; alone: boolean }[] = [];
    const submit = commit(async (jobs, alone) => {
      calls.push({ values: jobs.map((j) => j.value), alone });
      return jobs.map((j) => (j.value === 2 && !alone ? { kind: "alone" } : { kind: "done", value: j.value }));
    });
    expect(await Promise.all([submit({ key: "a", value: 1 }), submit({ key: "b", value: 2 })])).toEqual([1, 2]);
    expect(calls).toEqual([
      { values: [1], alone: false },
      { values: [2], alone: false },
      { values: [2], alone: true },
    ]);
  });

  it("lets other jobs run while a job run again alone waits", async () => {
    let release: () => void = () => {};
    const calls: string[] = [];
    const submit = commit(async (jobs, alone) => {
      calls.push(`${jobs.map((j) => j.key).join("")}${alone ? " alone" : ""}`);
      if (jobs[0]?.value === 1 && !alone) return [{ kind: "alone" }];
      if (alone) await new Promise<void>((r) => (release = r));
      return jobs.map((j) => ({ kind: "done", value: j.value }));
    });
    const waitingOne = submit({ key: "a", value: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(await submit({ key: "b", value: 2 })).toBe(2);
    const sameKey = submit({ key: "a", value: 3 });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(["a", "a alone", "b"]);
    release();
    expect(await waitingOne).toBe(1);
    expect(await sameKey).toBe(3);
    expect(calls).toEqual(["a", "a alone", "b", "a"]);
  });
});
