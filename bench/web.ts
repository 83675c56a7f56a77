import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { build } from "vite";

/**
 * `npx tsx bench/web.ts`: what a visitor's browser downloads and how the pages score.
 * Builds the client into a private folder (so a build elsewhere in the tree cannot swap chunks
 * under it), serves it on a free port with a fresh embedded database, then prints the gzip size
 * of the JavaScript and CSS each route needs to render and Lighthouse mobile scores.
 * `npx tsx bench/web.ts --weights` stops after the weights and lists each route's scripts, largest first:
 * a quick look while shrinking a page, without the minutes Lighthouse takes.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const ROUTES = ["/", "/privacy", "/terms", "/security", "/demo", "/schedule-demo", "/coppa-consent"];
const LIGHTHOUSE_ROUTES = ["/", "/demo", "/coppa-consent"];
const TARGETS = { landingJsKb: 170, performance: 90, accessibility: 95 };
const WEIGHTS_ONLY = process.argv.includes("--weights");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function startServer(workDir: string): Promise<{ url: string; server: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: path.join(workDir, "data"),
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  // The server serves dist/client from its working directory: run it from the private build's folder.
  const server = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(ROOT, "src/server/server.ts")], {
    cwd: workDir,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error("the server exited during start-up");
    try {
      if ((await fetch(`${url}/api/auth/user`)).status === 401) return { url, server };
    } catch {}
    if (Date.now() > deadline) throw new Error("the server did not start within 90 s");
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface RouteWeight {
  route: string;
  jsFiles: number;
  jsKb: number;
  cssKb: number;
  scripts: { name: string; kb: number }[];
}

/** Loads each route and gzips every script and stylesheet fetched until the network goes quiet. */
async function measureRoutes(url: string): Promise<RouteWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  const weights: RouteWeight[] = [];
  try {
    for (const route of ROUTES) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const bodies: Promise<{ kind: "js" | "css"; name: string; gz: number }>[] = [];
      page.on("response", (res) => {
        const type = res.request().resourceType();
        if (type !== "script" && type !== "stylesheet") return;
        const name = path.basename(new URL(res.url()).pathname);
        bodies.push(res.body().then((b) => ({ kind: type === "script" ? "js" : "css", name, gz: gzipSync(b).length })));
      });
      await page.goto(url + route, { waitUntil: "networkidle" });
      const files = await Promise.all(bodies);
      const sum = (kind: "js" | "css") =>
        files.filter((f) => f.kind === kind).reduce((total, f) => total + f.gz, 0) / 1024;
      const scripts = files
        .filter((f) => f.kind === "js")
        .map((f) => ({ name: f.name, kb: f.gz / 1024 }))
        .sort((a, b) => b.kb - a.kb);
      weights.push({ route, jsFiles: scripts.length, jsKb: sum("js"), cssKb: sum("css"), scripts });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

interface LighthouseFigures {
  route: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/** Lighthouse varies from run to run; as its docs advise, each page is run several times and the median kept. */
const LIGHTHOUSE_RUNS = 5;

async function lighthouseOnce(port: number, url: string, route: string): Promise<LighthouseFigures> {
  const result = await lighthouse(url + route, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    formFactor: "mobile",
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
  const { categories, audits } = result.lhr;
  return {
    route,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
  };
}

async function runLighthouse(url: string): Promise<(LighthouseFigures & { range: string })[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const figures: (LighthouseFigures & { range: string })[] = [];
  try {
    for (const route of LIGHTHOUSE_ROUTES) {
      const runs: LighthouseFigures[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseOnce(chrome.port, url, route));
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)] as LighthouseFigures;
      figures.push({ ...median, range: `${runs[0]?.performance}-${runs.at(-1)?.performance}` });
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

const workDir = mkdtempSync(path.join(tmpdir(), "pw-bench-web-"));
let server: ChildProcess | null = null;
try {
  console.log("Building the web app…");
  await build({
    root: ROOT,
    logLevel: "error",
    build: { outDir: path.join(workDir, "dist/client"), emptyOutDir: true },
  });
  const started = await startServer(workDir);
  server = started.server;

  const weights = await measureRoutes(started.url);
  console.log("\nJavaScript and CSS a route loads before it settles (gzip, KB)");
  console.table(
    weights.map((w) => ({
      route: w.route,
      "JS files": w.jsFiles,
      "JS KB": Number(w.jsKb.toFixed(1)),
      "CSS KB": Number(w.cssKb.toFixed(1)),
    })),
  );

  if (WEIGHTS_ONLY) {
    for (const w of weights) {
      console.log(`\n${w.route}: ${w.scripts.map((f) => `${f.name} ${f.kb.toFixed(1)}`).join(", ")}`);
    }
  }

  const figures = WEIGHTS_ONLY ? [] : await runLighthouse(started.url);
  if (figures.length) {
    console.log(`\nLighthouse, mobile (median of ${LIGHTHOUSE_RUNS} runs per page)`);
    console.table(
      figures.map((f) => ({
        route: f.route,
        performance: f.performance,
        "perf range": f.range,
        accessibility: f.accessibility,
        "LCP ms": Math.round(f.lcpMs),
        CLS: Number(f.cls.toFixed(3)),
        "TBT ms": Math.round(f.tbtMs),
      })),
    );
  }

  const landing = weights.find((w) => w.route === "/");
  const misses = [
    ...(landing && landing.jsKb > TARGETS.landingJsKb
      ? [`landing JS ${landing.jsKb.toFixed(1)} KB > ${TARGETS.landingJsKb} KB`]
      : []),
    ...figures.flatMap((f) => [
      ...(f.performance < TARGETS.performance
        ? [`${f.route} performance ${f.performance} < ${TARGETS.performance}`]
        : []),
      ...(f.accessibility < TARGETS.accessibility
        ? [`${f.route} accessibility ${f.accessibility} < ${TARGETS.accessibility}`]
        : []),
    ]),
  ];
  console.log(misses.length ? `\nTargets missed:\n- ${misses.join("\n- ")}` : "\nAll targets met.");
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(workDir, { recursive: true, force: true });
}
