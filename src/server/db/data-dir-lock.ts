import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { constants, hostname } from "node:os";
import path from "node:path";

/**
 * One process per embedded data folder (decision 124). PGlite checks no lock of its own: two processes
 * that open one folder each run a PostgreSQL of their own on the same files, each overwriting what the
 * other wrote, and the folder is lost.
 *
 * Written here rather than taken from proper-lockfile: that library judges a lock stale by its age
 * alone, so after a crash the next start waits out the stale time, a long stall of the event loop
 * (PGlite runs on it) lets a second process in, and two processes that reclaim one stale lock at once
 * can both win (moxystudio/node-proper-lockfile#121). This host can tell a dead holder at once by its
 * pid, and the takeover below lets only one of several racers win.
 *
 * The lock is the file `<dir>.lock` beside the folder, not in it: the folder belongs to PostgreSQL. It is
 * created complete or not at all (written to a temporary file, then hard-linked into place, which fails
 * if it exists), and names its holder: pid, host, start time and a random token that tells one holding
 * from the next.
 */

export interface LockHolder {
  pid: number;
  host: string;
  /** The host name plus, on Linux, the boot and the pid namespace: a pid means something only there. */
  hostKey: string;
  startedAt: string;
  /** The holder's start time as the kernel counts it (Linux), so a reused pid is not taken for it. */
  processStart: string | null;
  token: string;
}

export interface LockOptions {
  /** Tests only: runs between finding a lock stale and taking it over, to let a slower racer arrive late. */
  beforeTakeover?: () => void;
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `pid ${holder.pid}${holder.hostKey === HOST_KEY ? "" : ` on ${holder.host}`}, started ${formatTime(holder.startedAt)}`
      : "its lock file cannot be read";
    super(
      `The embedded database in ${shownPath(dir)} is in use by another Pocketwise process (${who}). ` +
        "Stop it first, or set DATA_DIR to another folder. " +
        "To load the demo family, stop the server, run npm run seed, then start it again.",
    );
    this.name = "DataDirInUseError";
  }
}

/** A holder on another host (a shared folder, a container that was replaced) refreshes this often… */
const HEARTBEAT_MS = 10_000;
/** …and is taken for dead after this long without it, since its pid cannot be checked from here. */
const FOREIGN_STALE_MS = 60_000;
/** A lock file that cannot be parsed and is younger than this may still be being written. */
const UNREADABLE_GRACE_MS = 2_000;
const BACKOFF_MS = 20;
const ATTEMPTS = 50;
/** A takeover of a takeover only happens when a process dies inside one; deeper means something else is wrong. */
const MAX_DEPTH = 3;

const HOST_KEY = hostKey();
const held = new Map<string, () => void>();

/**
 * Takes the lock on `dir` or throws DataDirInUseError naming the live holder. A lock left by a dead
 * process is taken over. The lock is released by `release()`, on exit, and on SIGINT/SIGTERM/SIGHUP
 * when nothing else handles them (a process that does, like the server, closes the database first).
 */
export function lockDataDir(dir: string, options: LockOptions = {}): DataDirLock {
  const file = `${path.resolve(dir)}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    hostKey: HOST_KEY,
    startedAt: new Date().toISOString(),
    processStart: procStat(process.pid)?.start ?? null,
    token: randomBytes(12).toString("hex"),
  };
  const result = acquire(file, me, 0, options);
  if (!result.ok) throw new DataDirInUseError(dir, result.holder);
  sweep(file, me.token);

  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {}
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    held.delete(me.token);
    if (held.size === 0) uninstallExitHooks();
    // Only our own holding is removed: a file with another token is someone else's lock. Release runs in
    // exit handlers too, where a throw would hide the reason the process is ending.
    try {
      if (read(file)?.identity === me.token) rmSync(file, { force: true });
    } catch {}
  };
  held.set(me.token, release);
  installExitHooks();
  return { file, release };
}

type Attempt = { ok: true } | { ok: false; holder: LockHolder | null };

/**
 * Taking over a dead holder's lock is guarded by a second lock named after the dead holding's token
 * (`<lock>.takeover-<token>`), taken by this same function. Whoever holds it re-reads the lock and
 * replaces it (an atomic rename) only if it still has that token; any other racer either waits for the
 * guard or finds a new token afterwards, so one takeover wins. The lock is never deleted during a
 * takeover, so a fresh `link` cannot slip in between.
 */
function acquire(file: string, me: LockHolder, depth: number, options: LockOptions): Attempt {
  let lastSeen: LockHolder | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (create(file, me)) return { ok: true };
    const seen = read(file);
    if (!seen) continue; // released between our attempt and the read
    lastSeen = seen.holder;
    if (!seen.holder && Date.now() - seen.mtimeMs < UNREADABLE_GRACE_MS) {
      sleep(BACKOFF_MS);
      continue;
    }
    if (seen.holder && isAlive(seen.holder, seen.mtimeMs)) return { ok: false, holder: seen.holder };
    if (depth >= MAX_DEPTH) {
      throw new Error(`The lock ${file} is left over from a process that stopped; delete it and start again.`);
    }
    options.beforeTakeover?.();
    const guard = `${file}.takeover-${seen.identity}`;
    const guarded = acquire(guard, me, depth + 1, {});
    if (!guarded.ok) {
      // Another process is taking it over right now: look again once it is done.
      if (guarded.holder) lastSeen = guarded.holder;
      sleep(BACKOFF_MS);
      continue;
    }
    try {
      if (read(file)?.identity === seen.identity) {
        replace(file, me);
        return { ok: true };
      }
    } finally {
      if (read(guard)?.identity === me.token) rmSync(guard, { force: true });
    }
  }
  return { ok: false, holder: lastSeen };
}

/** Creates the lock complete, or returns false when it exists. */
function create(file: string, me: LockHolder): boolean {
  const tmp = temporaryName(file);
  writeFileSync(tmp, JSON.stringify(me), { flag: "wx" });
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if (code(err) === "EEXIST") return false;
    if (!["EPERM", "ENOTSUP", "ENOSYS", "EOPNOTSUPP"].includes(code(err) ?? "")) throw err;
    // A file system without hard links (FAT): exclusive create, with a moment where the file is empty,
    // which readers allow for (UNREADABLE_GRACE_MS).
    let fd: number;
    try {
      fd = openSync(file, "wx");
    } catch (inner) {
      if (code(inner) === "EEXIST") return false;
      throw inner;
    }
    try {
      writeSync(fd, JSON.stringify(me));
    } finally {
      closeSync(fd);
    }
    return true;
  } finally {
    rmSync(tmp, { force: true });
  }
}

function replace(file: string, me: LockHolder) {
  const tmp = temporaryName(file);
  writeFileSync(tmp, JSON.stringify(me), { flag: "wx" });
  try {
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
}

const temporaryName = (file: string) => `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;

interface Seen {
  holder: LockHolder | null;
  /** The token, or for an unreadable file a fingerprint of its bytes, to tell whether it changed. */
  identity: string;
  mtimeMs: number;
}

function read(file: string): Seen | null {
  let raw: string;
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
    raw = readFileSync(file, "utf8");
  } catch (err) {
    if (code(err) === "ENOENT") return null;
    throw err;
  }
  const holder = parse(raw);
  const identity = holder?.token ?? `unreadable-${createHash("sha256").update(raw).digest("hex").slice(0, 16)}`;
  return { holder, identity, mtimeMs };
}

function parse(raw: string): LockHolder | null {
  try {
    const value = JSON.parse(raw) as Partial<LockHolder>;
    if (typeof value.pid !== "number" || typeof value.token !== "string" || !/^[0-9a-f]+$/.test(value.token)) {
      return null;
    }
    return {
      pid: value.pid,
      host: String(value.host ?? "unknown host"),
      hostKey: String(value.hostKey ?? ""),
      startedAt: String(value.startedAt ?? ""),
      processStart: typeof value.processStart === "string" ? value.processStart : null,
      token: value.token,
    };
  } catch {
    return null;
  }
}

function isAlive(holder: LockHolder, mtimeMs: number): boolean {
  // Another host's pids mean nothing here: only its heartbeat tells.
  if (holder.hostKey !== HOST_KEY) return Date.now() - mtimeMs < FOREIGN_STALE_MS;
  // Our own pid: a lock this process holds, or one left by an earlier process that had the same pid
  // (the first process of a restarted container).
  if (holder.pid === process.pid) return held.has(holder.token);
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if (code(err) !== "EPERM") return false;
  }
  const stat = procStat(holder.pid);
  if (!stat) return true;
  // A zombie (killed, not yet reaped by its parent) still answers kill(pid, 0), but writes nothing.
  if (stat.state === "Z" || stat.state === "X") return false;
  return !(holder.processStart && stat.start !== holder.processStart);
}

/**
 * Leftovers of processes killed in the middle of a takeover or a create. Takeover guards are safe to
 * remove once we hold the lock: each guards a token the lock no longer has and never will again.
 */
function sweep(file: string, token: string) {
  const base = path.basename(file);
  const dir = path.dirname(file);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(`${base}.`)) continue;
    const full = path.join(dir, name);
    try {
      // A young temporary file may be another process's create in flight.
      if (name.endsWith(".tmp")) {
        if (Date.now() - statSync(full).mtimeMs > FOREIGN_STALE_MS) rmSync(full, { force: true });
      } else if (name.startsWith(`${base}.takeover-`) && !name.includes(token)) {
        rmSync(full, { force: true });
      }
    } catch {}
  }
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
let hooksInstalled = false;

function releaseAll() {
  for (const release of [...held.values()]) release();
}

function onSignal(signal: NodeJS.Signals) {
  // A process with its own handler (the server) shuts down and closes the database, which releases.
  if (process.listenerCount(signal) > 1) return;
  // Nothing else listens: end the process as the signal would have. Exiting at once, in this same turn,
  // matters: no query may run between the release and the end.
  releaseAll();
  process.exit(128 + (constants.signals[signal] ?? 0));
}

function installExitHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on("exit", releaseAll);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function uninstallExitHooks() {
  if (!hooksInstalled) return;
  hooksInstalled = false;
  process.off("exit", releaseAll);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

function hostKey(): string {
  const parts = [hostname()];
  try {
    parts.push(readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim());
    parts.push(readlinkSync("/proc/self/ns/pid"));
  } catch {}
  return parts.join("|");
}

/**
 * The state (field 3) and start time (field 22) from /proc/<pid>/stat (Linux), counted after the command
 * name, which may itself hold spaces and parentheses.
 */
function procStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[0] && fields[19] ? { state: fields[0], start: fields[19] } : null;
  } catch {
    return null;
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function code(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

function shownPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? `./${relative}` : dir;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? "at an unknown time"
    : `${date.toISOString().replace("T", " ").slice(0, 19)} UTC`;
}
