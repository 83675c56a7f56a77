import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isStaffAreaPath } from "./access";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Any origin may send this write: it needs no session and can only turn something off (a one-click
     * unsubscribe, which a mail client may POST from its own web page; decision 133).
     */
    anyOrigin?: boolean;
  }
}

/**
 * docs/product-contract.md "Accounts and sessions (parents)": a state-changing request whose Origin names another origin is refused with 403.
 * A request without Origin is left to the cookie's SameSite rule.
 */
export default fp(async function originGuard(app: FastifyInstance, opts: { appOrigin: string | null }) {
  app.addHook("onRequest", async (req, reply) => {
    if (!WRITES.has(req.method) || req.routeOptions.config?.anyOrigin) return;
    const origin = req.headers.origin;
    if (origin === undefined) return;
    if (!isSameOrigin(origin, req.headers.host, opts.appOrigin)) {
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
