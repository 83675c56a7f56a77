import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { isMainModule } from "../src/server/lib/is-main-module";

/**
 * Draws the installable app's icons (public/icons/*.png) from the logo mark of public/favicon.svg, in
 * headless Chromium: `npx tsx scripts/draw-app-icons.ts`. The PNGs are committed; run this again only when
 * the mark changes.
 */

const OUT_DIR = path.resolve(import.meta.dirname, "../public/icons");
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// favicon.svg's "P", moved one unit right so its strokes sit in the middle of the 32-unit square.
const MARK = "M10 22V10h7.5a4.5 4.5 0 0 1 0 9H13";
/** The site header's BrandMark: brand-600 to brand-800, top left to bottom right. */
const GRADIENT =
  '<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#5b21b6"/></linearGradient>';

const mark = (scale: number, colour = "#fff") =>
  `<path d="${MARK}" transform="translate(16 16) scale(${scale}) translate(-16 -16)" fill="none" stroke="${colour}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;

const svg = (size: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}"><defs>${GRADIENT}</defs>${body}</svg>`;

const ICONS: { file: string; size: number; body: string }[] = [
  // "any": the rounded square of the favicon, shown as it is.
  { file: "icon-192.png", size: 192, body: `<rect width="32" height="32" rx="7" fill="url(#g)"/>${mark(1)}` },
  { file: "icon-512.png", size: 512, body: `<rect width="32" height="32" rx="7" fill="url(#g)"/>${mark(1)}` },
  // "maskable": full bleed, the mark inside the central circle of 80% that every mask keeps.
  { file: "maskable-512.png", size: 512, body: `<rect width="32" height="32" fill="url(#g)"/>${mark(0.85)}` },
  // iOS rounds the corners itself and shows transparency as black.
  { file: "apple-touch-icon.png", size: 180, body: `<rect width="32" height="32" fill="url(#g)"/>${mark(1)}` },
  // Android draws a notification's badge from its alpha alone: the mark, white on nothing.
  { file: "badge-96.png", size: 96, body: mark(1.6) },
];

async function drawAppIcons() {
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const icon of ICONS) {
      await page.setContent(`<body style="margin:0">${svg(icon.size, icon.body)}</body>`);
      await page.locator("svg").screenshot({ path: path.join(OUT_DIR, icon.file), omitBackground: true });
    }
  } finally {
    await browser.close();
  }
}

if (isMainModule(import.meta.url)) {
  await drawAppIcons();
}
