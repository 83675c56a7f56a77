import type { FastifyInstance } from "fastify";
import { isUuid } from "../../lib/http-errors";
import type { StaffVerifier } from "../../plugins/access";
import type { AdminTokens } from "./admin-tokens";
import { findAdminById, toAdminUser } from "./admins.repository";

/**
 * Staff calls carry `Authorization: Bearer <token>` (spec 001 §7), never the parents' session cookie,
 * so a parent's session opens nothing here and a staff token opens nothing among the parents' routes.
 * The access plugin runs this on every `staff` route and on unmatched paths that read as staff paths.
 */
export function createStaffVerifier(app: FastifyInstance, tokens: AdminTokens): StaffVerifier {
  return async (req) => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1];
    const adminId = token ? await tokens.verify(token, app.now()) : null;
    // A deleted admin's token stays signed until it expires: the row decides.
    const row = adminId && isUuid(adminId) ? await findAdminById(app.database.db, adminId) : null;
    return row ? toAdminUser(row) : null;
  };
}
