import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { prerenderLanding } from "./scripts/prerender-landing";

/**
 * Writes .br and .gz next to each text asset so the server can send them pre-compressed
 * (@fastify/static preCompressed) without compressing on every request.
 */
function precompress(outDir: string) {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  for (const file of walk(outDir)) {
    if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

/** After the client build: landing.html with the first screen drawn in, then compressed copies of everything. */
function finishBuild(): Plugin {
  let root = "";
  let outDir = "";
  let ssr = false;
  return {
    name: "pocketwise-finish-build",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    // One hook, in order: Rollup runs the closeBundle hooks of different plugins in parallel.
    async closeBundle() {
      if (ssr) return;
      await prerenderLanding(root, outDir);
      precompress(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), finishBuild()],
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "src/client"),
      "@shared": path.resolve(import.meta.dirname, "src/shared"),
    },
  },
  build: { outDir: "dist/client", emptyOutDir: true, sourcemap: false },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { "/api": { target: `http://localhost:${process.env.PORT ?? 5000}` } },
  },
});
