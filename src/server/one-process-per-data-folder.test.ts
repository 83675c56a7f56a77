import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client";
import { cookieOf, ROOT, startServerProcess } from "./test-support/server-process";

/**
 * The README's newcomer: the real server on an embedded data folder, and `npm run seed` run beside it.
 * Real processes, since the point is what two of them do to one folder (decision 124).
 */
let dataDir = "";
const running: ChildProcess[] = [];

function envFor(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Empty counts as unset: the embedded database, whatever the caller's environment says.
    DATABASE_URL: "",
  };
  return env;
}

/** Runs a script to its end and gathers what it printed. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  running.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, output })),
  );
}

/** `npm run seed`, as the README has it (tsx, which runs the script in a child process of its own). */
const seed = (port: number) => run(path.join(ROOT, "node_modules/.bin/tsx"), ["src/server/db/seed.ts"], envFor(port));

/** The server as one node process, so its pid is the one the lock names. */
const startServer = async () => {
  const server = await startServerProcess(envFor(0));
  running.push(server.process);
  return server;
};

async function currentUser(baseUrl: string, cookie: string) {
  const res = await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } });
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as { email: string }) : null };
}

// Only the embedded database has a folder to guard: the PostgreSQL pass (see test-support/test-app.ts) has
// nothing to add here.
const postgresPass = process.env.PW_TEST_DB === "postgres" && !!process.env.TEST_DATABASE_URL;
describe.skipIf(postgresPass)("one process per embedded data folder", () => {
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "pw-one-process-"));
  });
  afterAll(() => {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses the seed while the server runs, and the family's data survives", async () => {
    const server = await startServer();

    // Refused before it opens anything, with the message that says what to do.
    const seeded = await seed(server.port);
    expect(seeded.code).not.toBe(0);
    expect(seeded.output).toContain(`is in use by another Pocketwise process (pid ${server.pid}, started `);
    expect(seeded.output).toContain("To load the demo family, stop the server, run npm run seed, then start it again.");
    expect(seeded.output).not.toContain("Demo family created");

    // The running server is unharmed: a parent signs up and stays signed in.
    const email = `parent-${Date.now().toString(36)}@example.com`;
    const password = "a long enough password";
    const signup = await fetch(`${server.baseUrl}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, firstName: "Sam", lastName: "Parent" }),
    });
    expect(signup.status).toBe(201);
    expect((await currentUser(server.baseUrl, cookieOf(signup))).status).toBe(200);

    expect(await server.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    // The folder opens again, with the parent in it (opened here: another server would cost seconds to start).
    const reopened = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      expect(await reopened.query("select email from users")).toEqual([{ email }]);
    } finally {
      await reopened.close();
    }
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  }, 120_000);
});
