import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock";

const HOLDER = path.resolve(import.meta.dirname, "../test-support/hold-data-dir-lock.ts");
let root = "";
let folders = 0;
const freshDir = () => path.join(root, `data-${++folders}`, "pglite");
const lockFile = (dir: string) => `${dir}.lock`;
const holderPid = (dir: string) => (JSON.parse(readFileSync(lockFile(dir), "utf8")) as { pid: number }).pid;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** Another process running the real lock code (one node process, so its pid is the holder's). */
function startHolder(dir: string, ...flags: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", HOLDER, dir, ...flags], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.push(child);
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    lines.push(line);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    /** The next line it prints. */
    async line(): Promise<string> {
      while (lines.length === 0) await new Promise<void>((wake) => waiters.push(wake));
      return lines.shift()!;
    },
    async result(): Promise<{ ok: boolean; pid: number; message?: string }> {
      return JSON.parse(await this.line());
    },
  };
}

// Only the embedded database has a folder to guard: the PostgreSQL pass (see test-support/test-app.ts) has
// nothing to add here.
const postgresPass = process.env.PW_TEST_DB === "postgres" && !!process.env.TEST_DATABASE_URL;
describe.skipIf(postgresPass)("the data folder lock", () => {
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), "pw-lock-"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("refuses a second holder in the same process, naming the pid, until the first releases", () => {
    const dir = freshDir();
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(
        `The embedded database in .* is in use by another Pocketwise process \\(pid ${process.pid}, started \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\)\\. Stop it first, or set DATA_DIR to another folder\\.`,
      ),
    );
    first.release();
    expect(existsSync(lockFile(dir))).toBe(false);
    const again = lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    again.release();
  });

  it("refuses while another live process holds it, and is taken once that process lets go", async () => {
    const dir = freshDir();
    const holder = startHolder(dir);
    const got = await holder.result();
    expect(got.ok).toBe(true);
    expect(() => lockDataDir(dir)).toThrow(`in use by another Pocketwise process (pid ${got.pid}, started `);

    holder.child.stdin!.end();
    expect(await holder.exited).toBe(0);
    const lock = lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    lock.release();
  });

  it("is released when its process exits without releasing it, or is stopped by SIGTERM", async () => {
    const dir = freshDir();
    const exiting = startHolder(dir, "--exit");
    expect((await exiting.result()).ok).toBe(true);
    expect(await exiting.exited).toBe(0);
    expect(existsSync(lockFile(dir))).toBe(false);

    const stopped = startHolder(dir);
    expect((await stopped.result()).ok).toBe(true);
    stopped.child.kill("SIGTERM");
    expect(await stopped.exited).toBe(128 + 15);
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it("takes over a lock left by a process killed with SIGKILL", async () => {
    const dir = freshDir();
    const holder = startHolder(dir);
    const got = await holder.result();
    expect(got.ok).toBe(true);
    holder.child.kill("SIGKILL");
    await holder.exited;
    expect(holderPid(dir)).toBe(got.pid);

    const lock = lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    lock.release();
  });

  it.skipIf(process.platform !== "linux")("takes over from a killed holder its parent has not reaped", async () => {
    const dir = freshDir();
    // `exec sleep` leaves the holder the child of a process that never waits for it, as under a container
    // entry point that is no init: once killed it stays a zombie, which still answers kill(pid, 0).
    const parent = spawn(
      "sh",
      ["-c", `"${process.execPath}" --import tsx "${HOLDER}" "${dir}" --forever & exec sleep 60`],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    children.push(parent);
    const line = await new Promise<string>((resolve) =>
      createInterface({ input: parent.stdout! }).once("line", resolve),
    );
    const got = JSON.parse(line) as { ok: boolean; pid: number };
    expect(got.ok).toBe(true);
    process.kill(got.pid, "SIGKILL");
    for (let i = 0; i < 100 && !readFileSync(`/proc/${got.pid}/stat`, "utf8").includes(") Z "); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(readFileSync(`/proc/${got.pid}/stat`, "utf8")).toContain(") Z ");

    const lock = lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    lock.release();
  });

  it("lets exactly one of several processes racing for a stale lock take it", async () => {
    const dir = freshDir();
    const dead = startHolder(dir);
    expect((await dead.result()).ok).toBe(true);
    dead.child.kill("SIGKILL");
    await dead.exited;

    // Each finds the lock stale at once, then some are held back, as a busy machine would: a late one
    // must not take the lock from the one that already took it over.
    const racers = [150, 150, 400, 650].map((pause) => startHolder(dir, "--on-go", `--pause=${pause}`));
    for (const racer of racers) expect(await racer.line()).toBe("ready");
    for (const racer of racers) racer.child.stdin!.write("go\n");
    const results = await Promise.all(racers.map((r) => r.result()));

    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.pid;
    expect(holderPid(dir)).toBe(winner);
    for (const loser of results.filter((r) => !r.ok)) expect(loser.message).toContain(`(pid ${winner}, started `);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${winner}, started `);
  }, 60_000);
});
