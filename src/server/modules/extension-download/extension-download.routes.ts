import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorSchema } from "../../../shared/schemas/common";
import { HttpError, notFound } from "../../lib/http-errors";
import { type ZipEntry, zipFiles } from "./zip";

/**
 * The browser extension as the child dashboard's link downloads it (docs/decisions/143): the unpacked build
 * from `npm run build:extension`, zipped per download with this server's address written in, so the
 * extension knows where to sign in and asks for no other site. `manifest.json` gets `host_permissions` for
 * this one origin (granted when the parent loads it, so signing in shows no prompt) and `config.json` the
 * address the popup's sign-in form offers.
 */
export const DOWNLOAD_PATH = "/downloads/pocketwise-extension.zip";
export const NOT_BUILT = "The browser extension is not built on this server yet: run npm run build:extension there.";
const DEFAULT_DIR = path.resolve(import.meta.dirname, "../../../../dist/extension");

function filesUnder(dir: string, prefix = ""): ZipEntry[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const name = `${prefix}${entry.name}`;
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full, `${name}/`) : [{ name, data: readFileSync(full) }];
    });
}

/** The origin the parent downloaded from: APP_ORIGIN when set, else the request's own scheme and host. */
function downloadOrigin(req: FastifyRequest, appOrigin: string | null): string {
  if (appOrigin) return appOrigin;
  try {
    const url = new URL(`${req.protocol}://${req.host}`);
    // A Host header with a path, a user name or a query is not an address to hand a child's browser.
    if (url.pathname === "/" && !url.username && !url.password && !url.search && !url.hash) return url.origin;
  } catch {}
  throw new HttpError(400, "This address cannot be written into the extension");
}

/** The built files with this server's address written into the manifest and the popup's configuration. */
export function extensionFor(dir: string, origin: string): Buffer {
  const entries = filesUnder(dir).map((entry) => {
    if (entry.name === "manifest.json") {
      const manifest = JSON.parse(entry.data.toString("utf8")) as Record<string, unknown>;
      manifest.host_permissions = [`${origin}/*`];
      return { name: entry.name, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
    }
    if (entry.name === "config.json")
      return { name: entry.name, data: Buffer.from(`${JSON.stringify({ server: origin })}\n`) };
    return entry;
  });
  return zipFiles(entries);
}

export default async function extensionDownloadRoutes(
  app: FastifyInstance,
  opts: { appOrigin: string | null; dir?: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dir = opts.dir ?? DEFAULT_DIR;

  r.get(
    DOWNLOAD_PATH,
    {
      config: { access: "public" },
      schema: {
        tags: ["extension"],
        summary: "The browser extension as a zip, with this server's address written in",
        // A zip is sent as bytes, never through a serializer.
        response: { 200: z.unknown().describe("application/zip"), 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (req, reply) => {
      if (!existsSync(path.join(dir, "manifest.json"))) throw notFound(NOT_BUILT);
      const zip = extensionFor(dir, downloadOrigin(req, opts.appOrigin));
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", 'attachment; filename="pocketwise-extension.zip"')
        .header("cache-control", "no-store")
        .send(zip);
    },
  );
}
