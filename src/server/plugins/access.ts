import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import type { AdminUser } from "../../shared/schemas/staff";
import { leniently } from "../lib/canonical-path";
import { forbidden, HttpError, unauthorized } from "../lib/http-errors";
import { ASK_A_PARENT, assertActorMaySee } from "./auth";

/**
 * Who may call a route, declared where the route is declared (`config: { access }`) and decided on the
 * route the router matched, never on the URL's text (docs/decisions/120):
 * - `public`: anyone;
 * - `parent`: a signed-in parent (a child session gets 403, anyone else 401);
 * - `child`: a signed-in parent, or a child's session; with `childParam`, only the child that parameter
 *   names (403 for another);
 * - `staff`: a staff member's bearer token (401 without a valid one, whatever cookie comes with it).
 * Every route declares one: the app refuses to start otherwise.
 */
export const ACCESS_LEVELS = ["public", "parent", "child", "staff"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** With `access: "child"`: the route parameter holding the child's id that a child session must own. */
    childParam?: string;
  }
  interface FastifyRequest {
    /** The signed-in staff member, set by the staff guard on every `staff` route it lets through. */
    admin: AdminUser | null;
  }
}

export const STAFF_SIGN_IN_REQUIRED = "Please sign in as staff";

/** Answers the staff member a request's bearer token names, or null (forged, expired, deleted). */
export type StaffVerifier = (req: FastifyRequest) => Promise<AdminUser | null>;

/**
 * The checks each access level runs before a body is read. Kept in one object, looked up at every
 * request, so the route-walking test can show that removing any one of them is noticed.
 */
export const accessGuards: Record<Access, (req: FastifyRequest, verifyStaff: StaffVerifier) => Promise<void>> = {
  async public() {},
  async parent(req) {
    const session = req.session;
    if (session?.kind === "parent" && req.guardian) return;
    if (session?.kind === "child") throw forbidden(ASK_A_PARENT);
    throw unauthorized();
  },
  async child(req) {
    const session = req.session;
    if (session?.kind === "parent" && req.guardian) return;
    if (session?.kind !== "child") throw unauthorized();
    const param = req.routeOptions.config.childParam;
    if (param === undefined) return;
    const id = (req.params as Record<string, string | undefined>)[param];
    if (id !== undefined) {
      assertActorMaySee({ kind: "child", childId: session.childId, parentId: session.parentId }, id);
    }
  },
  async staff(req, verifyStaff) {
    const admin = await verifyStaff(req);
    if (!admin) throw staffSignInRequired();
  },
};

export const staffSignInRequired = () => new HttpError(401, STAFF_SIGN_IN_REQUIRED);

/**
 * The staff member behind a call. The route's guard has refused a call without one already; every
 * staff handler asks again, so a route declared with the wrong access still opens nothing.
 */
export function requireAdmin(req: FastifyRequest): AdminUser {
  if (!req.admin) throw staffSignInRequired();
  return req.admin;
}

/**
 * docs/product-contract.md "Answers and errors": answers under /api/admin also carry `error`, which the staff screens read. Judged on the
 * canonical path (rewriteUrl has run), in any letter case, as the router matches it.
 */
export const isStaffAreaPath = (url: string) => /^\/api\/admin(\/|\?|$)/i.test(url);

/** Whether a path that names no route reads, however it is spelled, as one of the staff area's. */
export const readsAsStaffPath = (url: string) => /^\/api\/admin(\/|$)/.test(leniently(url.split("?")[0] ?? ""));
const readsAsApiPath = (url: string) => /^\/api(\/|$)/.test(leniently(url.split("?")[0] ?? ""));

/**
 * The answer to a request that matched no route: 404, except that a path reading as the staff area's
 * answers 401 to a caller without a staff token, so the staff area's routes cannot be told from its
 * missing ones, nor found by spelling a path oddly. Also used for paths the router cannot decode.
 */
export async function answerUnmatched(req: FastifyRequest, reply: FastifyReply, verifyStaff: StaffVerifier) {
  if (readsAsStaffPath(req.url) || readsAsStaffPath(req.originalUrl ?? req.url)) {
    const admin = await verifyStaff(req).catch(() => null);
    if (!admin) return reply.status(401).send({ message: STAFF_SIGN_IN_REQUIRED, error: STAFF_SIGN_IN_REQUIRED });
    return reply.status(404).send({ message: "Not found", error: "Not found" });
  }
  return reply.status(404).send({ message: "Not found" });
}

/**
 * Registered after the session plugin, whose hook has read the cookie by the time this one runs, and
 * before any module, so its onRoute hook sees every route.
 */
export default fp(async function access(app: FastifyInstance, opts: { verifyStaff: StaffVerifier }) {
  const routes: RouteOptions[] = [];
  app.decorateRequest("admin", null);
  app.addHook("onRoute", (route) => {
    routes.push(route);
  });
  // Checked once every plugin has added its routes: some declare theirs through a hook of their scope.
  app.addHook("onReady", async () => {
    const undeclared = routes.filter((r) => !ACCESS_LEVELS.includes(r.config?.access as Access));
    if (undeclared.length) {
      const names = undeclared.map((r) => `${[r.method].flat().join(",")} ${r.url}`).join(", ");
      throw new Error(`Every route must declare config.access (${ACCESS_LEVELS.join(", ")}); missing on: ${names}`);
    }
  });

  const verifyStaff: StaffVerifier = async (req) => {
    req.admin = await opts.verifyStaff(req);
    return req.admin;
  };
  app.addHook("onRequest", async (req, reply) => {
    // A request that matched no route is answered here, before any body is read, unless it may be one of
    // the web app's pages (a GET outside /api), which the not-found handler serves.
    if (req.routeOptions.url === undefined) {
      if (readsAsApiPath(req.url) || (req.method !== "GET" && req.method !== "HEAD")) {
        return answerUnmatched(req, reply, verifyStaff);
      }
      return;
    }
    const access = req.routeOptions.config.access;
    const guard = access === undefined ? undefined : accessGuards[access];
    if (!guard) throw new Error(`route ${req.routeOptions.url} has no access declared`);
    await guard(req, verifyStaff);
  });
  app.decorate("answerUnmatched", (req: FastifyRequest, reply: FastifyReply) =>
    answerUnmatched(req, reply, verifyStaff),
  );
});

declare module "fastify" {
  interface FastifyInstance {
    answerUnmatched(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

/**
 * Declares `level` on each route registered in `scope` from here on that has no access of its own and
 * that `applies` picks: for plugins whose routes we do not write (the API description, static files).
 */
export function declareAccessOfPluginRoutes(
  scope: FastifyInstance,
  level: Access,
  applies: (url: string) => boolean = () => true,
) {
  scope.addHook("onRoute", (route) => {
    if (route.config?.access === undefined && applies(route.url)) route.config = { ...route.config, access: level };
  });
}
