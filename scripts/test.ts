import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * `npm test`: unit and API tests on the embedded database, the API tests again on PostgreSQL when
 * TEST_DATABASE_URL is set, then the browser journeys. Ends with one "N passed, N failed" line.
 */
const outDir = mkdtempSync(path.join(tmpdir(), "pw-test-"));
const only = process.argv.slice(2);
const runs: { label: string; projects: string[]; env?: Record<string, string> }[] = [
  { label: "unit + api (PGlite)", projects: ["unit", "api"] },
];
if (process.env.TEST_DATABASE_URL) {
  runs.push({ label: "api (PostgreSQL)", projects: ["api"], env: { PW_TEST_DB: "postgres" } });
}
runs.push({ label: "e2e (Chromium)", projects: ["e2e"] });

let passed = 0;
let failed = 0;
let broken = false;
for (const [i, run] of runs.entries()) {
  if (only.length && !run.projects.some((p) => only.includes(p))) continue;
  console.log(`\n=== ${run.label} ===`);
  const outputFile = path.join(outDir, `run-${i}.json`);
  const args = ["vitest", "run", ...run.projects.flatMap((p) => ["--project", p])];
  args.push("--reporter=default", "--reporter=json", `--outputFile.json=${outputFile}`);
  const result = spawnSync("npx", args, { stdio: "inherit", env: { ...process.env, ...run.env } });
  try {
    const report = JSON.parse(readFileSync(outputFile, "utf8")) as { numPassedTests: number; numFailedTests: number };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } catch {
    broken = true;
  }
  if (result.status !== 0) broken = true;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
