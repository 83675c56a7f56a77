import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { isMainModule } from "../src/server/lib/is-main-module";

/**
 * `npm run build:extension` (docs/decisions/142): the browser extension into dist/extension/, one
 * self-contained IIFE per entry (a content script and a service worker cannot load chunks), then
 * dist/pocketwise-extension.zip for the Chrome Web Store. Only our own code is bundled: the readers import
 * src/shared/rules (pure) and no package.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE = path.join(ROOT, "extension");
export const OUT_DIR = path.join(ROOT, "dist/extension");
export const ZIP = path.join(ROOT, "dist/pocketwise-extension.zip");
const ENTRIES = { content: "src/content.ts", background: "src/background.ts", popup: "src/popup.ts" } as const;
const ICON = "public/icons/icon-192.png";

async function buildEntry(name: string, entry: string) {
  // Loaded only when building: `npm start` imports this file to check the build is fresh.
  const { build } = await import("vite");
  await build({
    configFile: false,
    logLevel: "warn",
    root: SOURCE,
    publicDir: false,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir: OUT_DIR,
      emptyOutDir: false,
      target: "chrome116",
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: {
        entry: path.join(SOURCE, entry),
        formats: ["iife"],
        name: `pocketwise_${name}`,
        fileName: () => `${name}.js`,
      },
    },
  });
}

function assertNoPackages(file: string) {
  // A package slipping into a bundle (zod through a schema import, say) shows as its size; this names it.
  const text = readFileSync(file, "utf8");
  if (/ZodError|\$ZodType|__SECRET_INTERNALS|react-dom/.test(text))
    throw new Error(`${file} bundles a package; import only src/shared/rules`);
}

export async function buildExtension(): Promise<{ file: string; bytes: number; gzip: number }[]> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(path.join(OUT_DIR, "icons"), { recursive: true });
  for (const [name, entry] of Object.entries(ENTRIES)) await buildEntry(name, entry);

  const manifest = JSON.parse(readFileSync(path.join(SOURCE, "manifest.json"), "utf8")) as Record<string, unknown>;
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  manifest.version = pkg.version;
  writeFileSync(path.join(OUT_DIR, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(path.join(SOURCE, "src/popup.html"), path.join(OUT_DIR, "popup.html"));
  // No server baked in: the popup asks for its address. A copy downloaded from a Pocketwise server gets
  // that server's address here instead (src/server/modules/extension-download, docs/decisions/143).
  writeFileSync(path.join(OUT_DIR, "config.json"), `${JSON.stringify({ server: "" })}\n`);
  copyFileSync(path.join(ROOT, ICON), path.join(OUT_DIR, "icons/icon-192.png"));

  const sizes = Object.keys(ENTRIES).map((name) => {
    const file = path.join(OUT_DIR, `${name}.js`);
    assertNoPackages(file);
    const bytes = readFileSync(file);
    return { file: `${name}.js`, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return sizes;
}

/** The zip the store takes, made with the `zip` command; null when the machine has none. */
export function zipExtension(): string | null {
  if (spawnSync("zip", ["-v"], { stdio: "ignore" }).status !== 0) return null;
  rmSync(ZIP, { force: true });
  const result = spawnSync("zip", ["-r", "-X", "-q", ZIP, "."], { cwd: OUT_DIR, stdio: "inherit" });
  if (result.status !== 0) throw new Error("zip failed");
  return ZIP;
}

/** The sources the built extension comes from: newer than its manifest means it is stale. */
const SOURCES = ["extension", "src/shared/rules", "scripts/build-extension.ts", "package.json"];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * Builds the extension when it is missing or older than its sources: `npm start` calls it, so the child
 * dashboard's download link works on a fresh clone.
 */
export async function ensureExtensionBuilt() {
  const stamp = path.join(OUT_DIR, "manifest.json");
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (built > 0 && SOURCES.every((s) => newestMtime(path.join(ROOT, s)) <= built)) return;
  console.log("Building the browser extension…");
  await buildExtension();
  zipExtension();
}

if (isMainModule(import.meta.url)) {
  const sizes = await buildExtension();
  for (const { file, bytes, gzip } of sizes) {
    console.log(`${file.padEnd(14)} ${String(bytes).padStart(7)} B   gzip ${String(gzip).padStart(6)} B`);
  }
  const content = sizes.find((s) => s.file === "content.js");
  console.log(`content script gzip size: ${content?.gzip} B`);
  const zip = zipExtension();
  if (zip && existsSync(zip)) console.log(`${path.relative(ROOT, zip)}: ${statSync(zip).size} B`);
  else console.log("No `zip` command on this machine: dist/extension/ is built, the zip is not.");
}
