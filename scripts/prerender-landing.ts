import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LANDING_FILE } from "../src/shared/client-build";

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Writes landing.html next to the built index.html: the same page with the landing page's first screen
 * already inside #root (rendered by src/client/prerender-landing.tsx through Vite's SSR loader).
 */
export async function prerenderLanding(root: string, outDir: string) {
  const { createServer } = await import("vite");
  const server = await createServer({
    root,
    logLevel: "error",
    server: { middlewareMode: true, hmr: false },
    appType: "custom",
  });
  try {
    const { renderLanding } = (await server.ssrLoadModule("/src/client/prerender-landing.tsx")) as {
      renderLanding: () => string;
    };
    const index = readFileSync(path.join(outDir, "index.html"), "utf8");
    if (!index.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to fill`);
    writeFileSync(
      path.join(outDir, LANDING_FILE),
      index.replace(EMPTY_ROOT, `<div id="root">${renderLanding()}</div>`),
    );
  } finally {
    await server.close();
  }
}
