import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The script's major version is in its address: within v1 only compatible changes ship (decision 145). */
export const BUTTON_VERSION = "1.0.0";
export const BUTTON_PATHS = { versioned: "/merchant/v1/button.js", latest: "/merchant/button.js" } as const;

/** Read once: the file is part of the release, so it cannot change under a running server. */
export function buttonScript() {
  const body = readFileSync(new URL("./button.js", import.meta.url));
  return {
    body,
    gzip: gzipSync(body, { level: 9 }),
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
  };
}

/**
 * docs/merchants.md: "Check out with Pocketwise" for partner stores' pages. A store's page loads it from
 * another origin, so it is served to any origin (CORP cross-origin, and CORS for a store that adds
 * `crossorigin` and an integrity hash). The versioned address is kept a day and the latest one an hour,
 * both revalidated by ETag.
 */
export default async function merchantButtonRoutes(app: FastifyInstance) {
  const script = buttonScript();

  const send = (maxAgeSeconds: number) => async (req: FastifyRequest, reply: FastifyReply) => {
    reply
      .header("Content-Type", "text/javascript; charset=utf-8")
      .header("Cache-Control", `public, max-age=${maxAgeSeconds}`)
      .header("ETag", script.etag)
      .header("Vary", "Accept-Encoding")
      .header("Cross-Origin-Resource-Policy", "cross-origin")
      .header("Access-Control-Allow-Origin", "*")
      .header("X-Pocketwise-Button-Version", BUTTON_VERSION);
    if (req.headers["if-none-match"] === script.etag) return reply.status(304).send();
    if (/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
      return reply.header("Content-Encoding", "gzip").send(script.gzip);
    }
    return reply.send(script.body);
  };

  const options = {
    config: { access: "public" as const },
    schema: { tags: ["merchants"], summary: "The Check out with Pocketwise button for partner stores' pages" },
  };
  app.get(BUTTON_PATHS.versioned, options, send(86_400));
  app.get(BUTTON_PATHS.latest, options, send(3_600));
}
