import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { isMainModule } from "../src/server/lib/is-main-module";

const ROOT = path.resolve(import.meta.dirname, "..");
const STAMP = path.join(ROOT, "dist/client/index.html");
const SOURCES = [
  "src/client",
  "src/shared",
  "index.html",
  "public",
  "vite.config.ts",
  "scripts/prerender-landing.ts",
  "package-lock.json",
];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function clientBuildIsStale(): boolean {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > built);
}

export async function ensureClientBuilt() {
  if (!clientBuildIsStale()) return;
  console.log("Building the web app…");
  const { build } = await import("vite");
  // Vite honours an inherited NODE_ENV (vitest sets "test"), which would ship React's development build.
  const inherited = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ root: ROOT, logLevel: "warn", mode: "production" });
  } finally {
    if (inherited === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inherited;
  }
}

if (isMainModule(import.meta.url)) {
  await ensureClientBuilt();
}
