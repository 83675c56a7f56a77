import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorSchema } from "../../../shared/schemas/common";
import { UsageSchema } from "../../../shared/schemas/usage";
import { users } from "../../db/schema";
import { unauthorized } from "../../lib/http-errors";
import { requireParent } from "../../plugins/auth";
import { findUserById } from "../auth/users.repository";
import { toUsage } from "./usage.repository";

const responses = { 200: UsageSchema, 401: ErrorSchema, 403: ErrorSchema };

export default async function usageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    "/api/usage",
    {
      config: { access: "parent" },
      schema: { tags: ["usage"], summary: "This month's plan usage", response: responses },
    },
    async (req) => {
      const user = await findUserById(db, requireParent(req));
      if (!user) throw unauthorized();
      return toUsage(user, app.now());
    },
  );

  r.post(
    "/api/usage/dismiss-nudge",
    {
      config: { access: "parent" },
      schema: { tags: ["usage"], summary: "Record that the upgrade nudge was dismissed", response: responses },
    },
    async (req) => {
      const [user] = await db
        .update(users)
        .set({ hasSeenUpgradeNudge: true, upgradeNudgeCount: sql`${users.upgradeNudgeCount} + 1` })
        .where(eq(users.id, requireParent(req)))
        .returning();
      if (!user) throw unauthorized();
      return toUsage(user, app.now());
    },
  );

  r.post(
    "/api/usage/upgrade-click",
    {
      config: { access: "parent" },
      schema: { tags: ["usage"], summary: "Record a click on Upgrade", response: responses },
    },
    async (req) => {
      const [user] = await db
        .update(users)
        .set({ upgradeClickCount: sql`${users.upgradeClickCount} + 1`, lastUpgradeClickAt: app.now() })
        .where(eq(users.id, requireParent(req)))
        .returning();
      if (!user) throw unauthorized();
      return toUsage(user, app.now());
    },
  );
}
