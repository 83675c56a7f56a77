import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

/**
 * `npm run dev`: the API with reload on save (tsx watch) on PORT (5000), and the Vite dev server with
 * hot module replacement on VITE_PORT (5173), which proxies /api to the API (vite.config.ts).
 * Open the Vite address. Ctrl+C stops both; if either stops, the other is stopped too.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const port = process.env.PORT || "5000";
const vitePort = process.env.VITE_PORT || "5173";
const env = { ...process.env, PORT: port, VITE_PORT: vitePort };
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);

const processes: { name: string; child: ChildProcess }[] = [
  {
    name: "api",
    child: spawn(bin("tsx"), ["watch", "--clear-screen=false", "src/server/server.ts"], {
      cwd: ROOT,
      env,
      stdio: "inherit",
    }),
  },
  {
    name: "web",
    child: spawn(bin("vite"), ["--port", vitePort, "--strictPort"], { cwd: ROOT, env, stdio: "inherit" }),
  },
];

console.log(`Pocketwise dev: open http://localhost:${vitePort} (API on http://localhost:${port})`);

let stopping = false;
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const { child } of processes) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  }
  // Give them a moment to close the database cleanly, then leave.
  const force = setTimeout(() => process.exit(code), 10_000);
  force.unref();
  Promise.all(
    processes.map(({ child }) =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise((resolve) => child.once("exit", resolve)),
    ),
  ).then(() => process.exit(code));
}

for (const { name, child } of processes) {
  child.on("exit", (code, signal) => {
    if (!stopping) console.error(`dev: ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest`);
    stopAll(code ?? 1);
  });
  child.on("error", (err) => {
    console.error(`dev: could not start ${name}: ${err.message}`);
    stopAll(1);
  });
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
