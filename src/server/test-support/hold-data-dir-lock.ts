import { createInterface } from "node:readline";
import { DataDirInUseError, lockDataDir } from "../db/data-dir-lock";

/**
 * A second process for the lock tests: `node --import tsx hold-data-dir-lock.ts <dir> [--on-go] [--exit]
 * [--forever] [--pause=<ms>]`.
 * Prints one JSON line: whether it got the lock. With --on-go it first prints "ready" and waits for a line
 * on stdin, so several can be released at the same moment. With --exit it then exits without releasing;
 * with --forever it holds the lock until killed; otherwise it holds it until stdin closes, then releases it. --pause waits that long between finding
 * a lock stale and taking it over, as a process the scheduler set aside would.
 */
const [dir, ...flags] = process.argv.slice(2);
if (!dir) throw new Error("usage: hold-data-dir-lock.ts <dir> [--on-go] [--exit]");
const lines = createInterface({ input: process.stdin });

if (flags.includes("--on-go")) {
  console.log("ready");
  await new Promise((resolve) => lines.once("line", resolve));
}
try {
  const pause = Number(flags.find((f) => f.startsWith("--pause="))?.slice("--pause=".length) ?? 0);
  const lock = lockDataDir(dir, {
    beforeTakeover: () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pause),
  });
  console.log(JSON.stringify({ ok: true, pid: process.pid }));
  if (flags.includes("--exit")) process.exit(0);
  if (flags.includes("--forever")) setInterval(() => {}, 60_000);
  else
    lines.once("close", () => {
      lock.release();
      process.exit(0);
    });
} catch (err) {
  if (!(err instanceof DataDirInUseError)) throw err;
  console.log(JSON.stringify({ ok: false, pid: process.pid, message: err.message }));
  process.exit(3);
}
