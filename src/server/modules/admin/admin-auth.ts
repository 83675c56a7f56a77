import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AdminUser } from "../../../shared/schemas/staff";
import { HttpError, isUuid } from "../../lib/http-errors";
import type { AdminTokens } from "./admin-tokens";
import { findAdminById, toAdminUser } from "./admins.repository";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in staff member, set by the admin guard on every /api/admin/* call it lets through. */
    admin: AdminUser | null;
  }
}

export const STAFF_SIGN_IN_REQUIRED = "Please sign in as staff";

/** The only staff calls made before there is a token (spec 001 §7). */
const PUBLIC_ADMIN_ROUTES = new Set(["/api/admin/login", "/api/admin/setup"]);

const isAdminPath = (url: string) => {
  const path = url.split("?")[0] ?? "";
  return path === "/api/admin" || path.startsWith("/api/admin/");
};

/**
 * Staff calls carry `Authorization: Bearer <token>` (spec 001 §7), never the parents' session cookie,
 * so a parent's session opens nothing here and a staff token opens nothing among the parents' routes.
 * The guard runs on every path under /api/admin, unknown ones included, so a missing route cannot be
 * told apart from a protected one without a token.
 */
export function addAdminGuard(app: FastifyInstance, tokens: AdminTokens) {
  app.decorateRequest("admin", null);
  app.addHook("onRequest", async (req) => {
    if (!isAdminPath(req.url) || PUBLIC_ADMIN_ROUTES.has(req.routeOptions.url ?? "")) return;
    const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
    const adminId = token ? await tokens.verify(token, app.now()) : null;
    // A deleted admin's token stays signed until it expires: the row decides.
    const row = adminId && isUuid(adminId) ? await findAdminById(app.database.db, adminId) : null;
    if (!row) throw new HttpError(401, STAFF_SIGN_IN_REQUIRED);
    req.admin = toAdminUser(row);
  });
}

/** The staff member behind a guarded call; the guard has refused the call already when there is none. */
export function requireAdmin(req: FastifyRequest): AdminUser {
  if (!req.admin) throw new HttpError(401, STAFF_SIGN_IN_REQUIRED);
  return req.admin;
}
