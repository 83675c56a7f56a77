import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AchievementSchema } from "../../../shared/schemas/achievements";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import { linkNext, pageQuery } from "../../lib/paging";
import { findVisibleChild } from "../children/children.service";
import { listChildAchievements, toAchievement } from "./achievements.repository";

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/** Every badge kind fits in one page (docs/decisions/166). */
const BADGES_DEFAULT_LIMIT = 100;

export default async function achievementsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    "/api/children/:id/achievements",
    {
      config: { access: "child", childParam: "id" },
      schema: {
        tags: ["achievements"],
        summary: `A child's badges, newest first (?limit= default ${BADGES_DEFAULT_LIMIT}, at most 100; Link rel=next)`,
        params: IdParamsSchema,
        querystring: pageQuery(BADGES_DEFAULT_LIMIT),
        response: { 200: z.array(AchievementSchema), ...errors },
      },
    },
    async (req, reply) => {
      const child = await findVisibleChild(app, req, req.params.id);
      const rows = await listChildAchievements(db, child.id, req.query);
      return linkNext(reply, rows, req.query.limit, `/api/children/${child.id}/achievements`).map(toAchievement);
    },
  );
}
