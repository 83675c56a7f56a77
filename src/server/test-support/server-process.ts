import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/** The repository's root, where the real server is started from. */
export const ROOT = path.resolve(import.meta.dirname, "../../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface ServerProcess {
  pid: number;
  port: number;
  baseUrl: string;
  process: ChildProcess;
  /** SIGTERM, then the exit code once it has shut down. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown, no flush, as a crash or `kill -9` leaves it. */
  kill(): Promise<void>;
}

/**
 * Starts the real server (src/server/server.ts) as one node process, so its pid is the one that holds the
 * data folder and the one a kill stops, and waits until it answers.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up (${child.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/auth/user`)).status === 401) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("the server did not start within 90 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid as number,
    port,
    baseUrl,
    process: child,
    async stop() {
      child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** The session cookie a response sets, as a Cookie header. */
export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
