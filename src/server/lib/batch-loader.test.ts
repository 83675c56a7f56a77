import { describe, expect, it } from "vitest";
import { batchLoader } from "./batch-loader";

/** A loader over a fixed table that records the keys of each call. */
function recordingLoader(table: Record<string, number>, fail = false) {
  const calls: string[][] = [];
  const load = batchLoader(async (keys: string[]) => {
    calls.push(keys);
    if (fail) throw new Error("the database is down");
    return new Map(keys.filter((k) => k in table).map((k) => [k, table[k] as number]));
  });
  return { calls, load };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("batchLoader", () => {
  it("looks up the keys asked for in one turn with one call, each answered its own value", async () => {
    const { calls, load } = recordingLoader({ a: 1, b: 2, c: 3 });
    const answers = await Promise.all([load("a"), load("b"), load("c")]);
    expect(answers).toEqual([1, 2, 3]);
    expect(calls).toEqual([["a", "b", "c"]]);
  });

  it("asks for a key once however often it is wanted in a turn", async () => {
    const { calls, load } = recordingLoader({ a: 1 });
    expect(await Promise.all([load("a"), load("a")])).toEqual([1, 1]);
    expect(calls).toEqual([["a"]]);
  });

  it("answers undefined for a key that is not found, without failing the others", async () => {
    const { load } = recordingLoader({ a: 1 });
    expect(await Promise.all([load("a"), load("missing")])).toEqual([1, undefined]);
  });

  it("makes a new call for keys asked in a later turn", async () => {
    const { calls, load } = recordingLoader({ a: 1, b: 2 });
    const first = load("a");
    await nextTurn();
    const second = load("b");
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(calls).toEqual([["a"], ["b"]]);
  });

  it("fails every lookup of a call that fails, and the next turn calls again", async () => {
    const failing = recordingLoader({ a: 1 }, true);
    const results = await Promise.allSettled([failing.load("a"), failing.load("b")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    await expect(failing.load("a")).rejects.toThrow("the database is down");
    expect(failing.calls).toHaveLength(2);
  });
});
