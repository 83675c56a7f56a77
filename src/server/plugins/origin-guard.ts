import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isStaffAreaPath } from "./access";
import { childBearerToken } from "./session";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Any origin may send this write: it needs no session and can only turn something off (a one-click
     * unsubscribe, which a mail client may POST from its own web page; decision 133).
     */
    anyOrigin?: boolean;
  }
  interface FastifyRequest {
    /** A write whose Origin names another origin; only routes marked `anyOrigin` ever see one. */
    crossOrigin: boolean;
  }
}

/**
 * docs/product-contract.md "Accounts and sessions (parents)": a state-changing request whose Origin names another origin is refused with 403.
 * A request without Origin is left to the cookie's SameSite rule.
 */
export default fp(async function originGuard(app: FastifyInstance, opts: { appOrigin: string | null }) {
  app.decorateRequest("crossOrigin", false);
  app.addHook("onRequest", async (req, reply) => {
    if (!WRITES.has(req.method)) return;
    const origin = req.headers.origin;
    req.crossOrigin = origin !== undefined && !isSameOrigin(origin, req.headers.host, opts.appOrigin);
    if (req.routeOptions.config?.anyOrigin) return;
    // docs/product-contract.md "Asking from the store": a child's bearer token is judged from any Origin (the
    // extension's pages have their own). No browser attaches it by itself and its request reads no cookie,
    // so a foreign page cannot ride on it the way it could on a cookie.
    if (childBearerToken(req)) return;
    if (req.crossOrigin) {
      const message = "Cross-origin request refused";
      const body = isStaffAreaPath(req.url) ? { message, error: message } : { message };
      return reply.status(403).send(body);
    }
  });
});

function isSameOrigin(origin: string, host: string | undefined, appOrigin: string | null): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (appOrigin) return parsed.origin === appOrigin;
  if (host === undefined) return false;
  // Compare as the URL parser sees them: "Example.com:80" and "http://example.com" are one origin.
  try {
    return new URL(`${parsed.protocol}//${host}`).host === parsed.host;
  } catch {
    return false;
  }
}
