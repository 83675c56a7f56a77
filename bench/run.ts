import { spawnSync } from "node:child_process";

/** `npm run bench`: the purchase-flow load test, live events and notification e-mails across instances, the extension and partner stores, the history and spending reads, every endpoint at 1,000 and 100,000 families, then the web bundle and Lighthouse figures. */
const which = process.argv.slice(2);
const benches = [
  "bench/purchase.ts",
  "bench/notify.ts",
  "bench/store.ts",
  "bench/history.ts",
  "bench/scale.ts",
  "bench/web.ts",
].filter((b) => !which.length || which.some((w) => b.includes(w)));
let failed = false;
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  const result = spawnSync("node_modules/.bin/tsx", [bench], { stdio: "inherit" });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
