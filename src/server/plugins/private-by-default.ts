import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { forbidden, unauthorized } from "../lib/http-errors";
import { ASK_A_PARENT, assertActorMaySee } from "./auth";

/**
 * The /api routes anyone may call without a parent's or a child's session: signing up, in and out,
 * resetting a forgotten password, the kid sign-in, the public forms and the system test page's health
 * check. Every other /api route answers 401 to a visitor before its body is read or validated, so a route
 * added later is private unless it is named here. HEAD shares its GET route's entry.
 */
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  "POST /api/auth/signup",
  "POST /api/auth/login",
  "POST /api/auth/password-reset",
  "POST /api/auth/password-reset/confirm",
  "GET /api/login",
  "GET /api/callback",
  "GET /api/logout",
  "POST /api/logout",
  "POST /api/kid/login",
  "POST /api/newsletter",
  "POST /api/consents",
  "POST /api/demo-requests",
  "GET /api/test/health",
]);

/**
 * The routes a child's session may call (decisions.md "Ownership and roles"): its own child's records,
 * its requests, its chores and who it is (`/api/auth/user` answers a child 401, as it answers anyone who
 * is not a signed-in parent). A child session gets 403 on every other route, and on a route naming
 * another child, before the body is read or validated, as a visitor gets 401.
 */
export const CHILD_SESSION_ROUTES: ReadonlySet<string> = new Set([
  "GET /api/auth/user",
  "GET /api/kid/me",
  "GET /api/children/:id",
  "GET /api/children/:id/achievements",
  "GET /api/children/:id/carts",
  "POST /api/children/:id/carts",
  "GET /api/children/:id/categories",
  "GET /api/children/:id/chores",
  "POST /api/carts/:id/accept-suggestion",
  "POST /api/chores/:id/complete",
]);

/**
 * Paths with a guard of their own: the staff area's bearer token (admin-auth.ts), and the OpenAPI
 * description, which the README invites anyone to read.
 */
const OWN_GUARD = [/^\/api\/admin(\/|$)/, /^\/api\/docs(\/|$)/];

/** Whether a call to `route` (a pattern such as "/api/children/:id") needs a parent's or a child's session. */
export function needsSession(method: string, route: string): boolean {
  if (!route.startsWith("/api/") || OWN_GUARD.some((pattern) => pattern.test(route))) return false;
  return !PUBLIC_API_ROUTES.has(routeKey(method, route));
}

const routeKey = (method: string, route: string) => `${method === "HEAD" ? "GET" : method} ${route}`;

/** Registered after the session plugin, whose hook has read the cookie by the time this one runs. */
export default fp(async function privateByDefault(app: FastifyInstance) {
  app.addHook("onRequest", async (req) => {
    const route = req.routeOptions.url;
    // An unknown path has no route: the not-found handler answers it, signed in or not.
    if (route === undefined || !needsSession(req.method, route)) return;
    const session = req.session;
    if (session?.kind === "parent") return;
    if (session?.kind !== "child") throw unauthorized();
    if (!CHILD_SESSION_ROUTES.has(routeKey(req.method, route))) throw forbidden(ASK_A_PARENT);
    const { id } = req.params as { id?: string };
    if (route.startsWith("/api/children/:id") && id !== undefined) {
      assertActorMaySee({ kind: "child", childId: session.childId, parentId: session.parentId }, id);
    }
  });
});
