// @vitest-environment node
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureExtensionBuilt, OUT_DIR } from "../../scripts/build-extension";
import { extensionFor } from "../../src/server/modules/extension-download/extension-download.routes";

/*
 * docs/decisions/159: the extension a child uses loads no code, font or style from anywhere (Manifest V3 forbids
 * remote code, and we keep it so in what we write too), and may reach only the Pocketwise server it came from.
 */

const SOURCE_MANIFEST = path.resolve(import.meta.dirname, "../manifest.json");
const SOURCE_POPUP = path.resolve(import.meta.dirname, "popup.html");

type Manifest = Record<string, unknown> & {
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_security_policy?: { extension_pages?: string };
};

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Manifest;

function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/** What in a page or a style sheet makes the browser fetch: src and href of loading tags, url(), @import. */
function fetchedBy(text: string): string[] {
  const patterns = [
    /<(?:script|img|source|iframe|embed|audio|video)\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi,
    /<link\b[^>]*\bhref\s*=\s*["']?([^"'\s>]+)/gi,
    /url\(\s*["']?([^"')]+)/gi,
    /@import\s+["']([^"']+)/gi,
  ];
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[1] ?? ""));
}

/** An address that leaves the extension's own files: a scheme (https:, //, data: is kept local) or a host. */
const isRemote = (address: string) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(address) && !/^data:/i.test(address);

/** Code or fonts fetched from elsewhere, as bundled code would spell them. */
const REMOTE_CODE = [
  /importScripts\s*\(/,
  /\bimport\s*\(\s*["'`]https?:/,
  /https?:\/\/[^\s"'`)]+\.(?:m?js|css|woff2?|ttf|otf|eot)(?:[?#"'`)\s]|$)/i,
  /fonts\.googleapis\.com|fonts\.gstatic\.com|use\.typekit\.net|googletagmanager\.com|google-analytics\.com|doubleclick\.net|connect\.facebook\.net|unpkg\.com|cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com/i,
  /@font-face/i,
  /\beval\s*\(|new\s+Function\s*\(/,
];

/** The manifest inside a downloaded zip: local file headers read in order, deflated or stored. */
function manifestInZip(zip: Buffer): Manifest {
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.toString("utf8", at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extraLength;
    if (name === "manifest.json") {
      const data = zip.subarray(start, start + size);
      return JSON.parse((method === 8 ? inflateRawSync(data) : data).toString("utf8")) as Manifest;
    }
    at = start + size;
  }
  throw new Error("no manifest.json in the zip");
}

function expectNoRemoteReach(manifest: Manifest) {
  expect(manifest.manifest_version).toBe(3);
  // Nothing runs on a page the child did not ask about, and no page or other extension can talk to it.
  expect(manifest.content_scripts).toBeUndefined();
  expect(manifest.externally_connectable).toBeUndefined();
  expect(manifest.web_accessible_resources).toBeUndefined();
  expect(manifest.content_security_policy?.extension_pages).toBe(
    "script-src 'self'; object-src 'none'; base-uri 'none'",
  );
  // Another Pocketwise address is asked for one origin at a time, when the child signs in there.
  expect(manifest.optional_host_permissions).toEqual(["https://*/*", "http://*/*"]);
}

beforeAll(async () => {
  await ensureExtensionBuilt();
}, 180_000);

describe("the extension reaches nothing but its own files and its server", () => {
  it("its manifest asks for no site up front", () => {
    for (const manifest of [readJson(SOURCE_MANIFEST), readJson(path.join(OUT_DIR, "manifest.json"))]) {
      expectNoRemoteReach(manifest);
      expect(manifest.host_permissions).toBeUndefined();
    }
  });

  it("a copy downloaded from a server may reach that server only", () => {
    const origin = "https://family.pocketwise.example";
    const manifest = manifestInZip(extensionFor(OUT_DIR, origin));
    expectNoRemoteReach(manifest);
    expect(manifest.host_permissions).toEqual([`${origin}/*`]);
  });

  it("its popup loads only files of the extension", () => {
    for (const file of [SOURCE_POPUP, path.join(OUT_DIR, "popup.html")]) {
      const fetched = fetchedBy(readFileSync(file, "utf8"));
      expect(fetched).toContain("popup.js");
      expect(fetched.filter(isRemote), file).toEqual([]);
      expect(readFileSync(file, "utf8")).not.toMatch(/@font-face|fonts\.googleapis|<script(?![^>]*\bsrc=)[^>]*>/i);
    }
  });

  it("no built file loads remote code or fonts", () => {
    const files = filesUnder(OUT_DIR);
    expect(files.sort()).toEqual(
      [
        "background.js",
        "config.json",
        "content.js",
        "icons/icon-192.png",
        "manifest.json",
        "popup.html",
        "popup.js",
      ].sort(),
    );
    for (const file of files.filter((f) => /\.(js|html|json|css)$/.test(f))) {
      const text = readFileSync(path.join(OUT_DIR, file), "utf8");
      for (const pattern of REMOTE_CODE) expect(text, `${file} matches ${pattern}`).not.toMatch(pattern);
    }
  });

  it.each([
    'importScripts("https://cdn.example/sdk.js")',
    'import("https://esm.example/lib.mjs")',
    's.src="https://tracker.example/t.js?id=1"',
    '@import url("https://fonts.googleapis.com/css2?family=Inter");',
    "src: url(https://fonts.example/inter.woff2) format('woff2')",
    "window.eval(code)",
  ])("would catch %s", (text) => {
    expect(REMOTE_CODE.some((pattern) => pattern.test(text))).toBe(true);
  });

  it.each([
    ['<script src="https://www.googletagmanager.com/gtag/js"></script>', true],
    ['<link rel="stylesheet" href="//fonts.googleapis.com/css">', true],
    ['<img src="icons/icon-192.png" alt="">', false],
    ['<div style="background: url(data:image/png;base64,AAAA)"></div>', false],
  ] as const)("sees %s as remote: %s", (html, remote) => {
    expect(fetchedBy(html).some(isRemote)).toBe(remote);
  });

  it("the build names no server: the address is written in only at download", () => {
    expect(JSON.parse(readFileSync(path.join(OUT_DIR, "config.json"), "utf8"))).toEqual({ server: "" });
  });
});
