import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import errorsPlugin from "../../plugins/errors";
import extensionDownloadRoutes, { DOWNLOAD_PATH, NOT_BUILT } from "./extension-download.routes";
import { zipFiles } from "./zip";

const work = mkdtempSync(path.join(tmpdir(), "pw-extension-download-"));
const built = path.join(work, "built");
mkdirSync(path.join(built, "icons"), { recursive: true });
writeFileSync(path.join(built, "manifest.json"), JSON.stringify({ manifest_version: 3, name: "Pocketwise" }));
writeFileSync(path.join(built, "config.json"), JSON.stringify({ server: "" }));
writeFileSync(path.join(built, "popup.js"), "console.log('popup');\n".repeat(200));
writeFileSync(path.join(built, "icons/icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]));

async function appServing(dir: string, appOrigin: string | null): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(extensionDownloadRoutes, { appOrigin, dir });
  return app;
}

/** What the `unzip` command reads from the archive: the names, and each file's text. */
function unzipped(zip: Buffer): Map<string, Buffer> {
  const file = path.join(work, `download-${Math.random()}.zip`);
  writeFileSync(file, zip);
  const test = spawnSync("unzip", ["-tq", file], { encoding: "utf8" });
  expect(test.status, test.stdout + test.stderr).toBe(0);
  const names = spawnSync("unzip", ["-Z1", file], { encoding: "utf8" }).stdout.trim().split("\n");
  return new Map(names.map((name) => [name, spawnSync("unzip", ["-p", file, name]).stdout as Buffer]));
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await appServing(built, null);
});
afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("the extension download", () => {
  it("writes the address it was downloaded from into the manifest's one host permission and the popup's config", async () => {
    const res = await app.inject({ url: DOWNLOAD_PATH, headers: { host: "family.example:8443" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="pocketwise-extension.zip"');
    const files = unzipped(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(["config.json", "icons/icon-192.png", "manifest.json", "popup.js"]);
    expect(JSON.parse(String(files.get("manifest.json")))).toEqual({
      manifest_version: 3,
      name: "Pocketwise",
      host_permissions: ["http://family.example:8443/*"],
    });
    expect(JSON.parse(String(files.get("config.json")))).toEqual({ server: "http://family.example:8443" });
    expect(files.get("popup.js")).toEqual(readFileSync(path.join(built, "popup.js")));
    expect(files.get("icons/icon-192.png")).toEqual(readFileSync(path.join(built, "icons/icon-192.png")));
  });

  it("uses APP_ORIGIN when it is set, whatever the Host header says", async () => {
    const pinned = await appServing(built, "https://pocketwise.example");
    const res = await pinned.inject({ url: DOWNLOAD_PATH, headers: { host: "evil.example" } });
    await pinned.close();
    const files = unzipped(res.rawPayload);
    expect(JSON.parse(String(files.get("config.json")))).toEqual({ server: "https://pocketwise.example" });
    expect(String(files.get("manifest.json"))).not.toContain("evil");
  });

  it.each(["evil.example/path", "user@evil.example", "evil.example?x=1"])(
    "refuses a Host header that is not a plain host (%s)",
    async (host) => {
      const res = await app.inject({ url: DOWNLOAD_PATH, headers: { host } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "This address cannot be written into the extension" });
    },
  );

  it("says how to build the extension where it is not built", async () => {
    const bare = await appServing(path.join(work, "missing"), null);
    const res = await bare.inject({ url: DOWNLOAD_PATH });
    await bare.close();
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NOT_BUILT });
  });
});

describe("zipFiles", () => {
  it("makes an archive the unzip command reads back byte for byte, with folders and empty files", () => {
    const entries = [
      { name: "a.txt", data: Buffer.from("hello") },
      { name: "dir/deeper/data.json", data: Buffer.from('{"x":1}') },
      { name: "empty", data: Buffer.alloc(0) },
    ];
    const files = unzipped(zipFiles(entries));
    for (const entry of entries) expect(files.get(entry.name)).toEqual(entry.data);
  });

  it("makes the same bytes from the same files", () => {
    const entries = [{ name: "a", data: Buffer.from("same") }];
    expect(zipFiles(entries).equals(zipFiles(entries))).toBe(true);
  });
});
