import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureClientBuilt } from "../scripts/build-if-stale";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: journeys read the e-mail it writes to DATA_DIR/outbox, as its recipient would. */
    dataDir: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Builds the client if needed and serves the real product on a fresh embedded database. */
export default async function setup(project: TestProject) {
  await ensureClientBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), "pw-e2e-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  const server: ChildProcess = spawn(path.resolve("node_modules/.bin/tsx"), ["src/server/server.ts"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error("the server exited during start-up");
      try {
        const res = await fetch(`${baseUrl}/api/auth/user`);
        if (res.status === 401) break;
      } catch {}
      if (Date.now() > deadline) throw new Error("the server did not start within 120 s");
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (err) {
    // A server that never answered must not outlive the run that started it.
    server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
