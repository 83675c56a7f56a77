import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AchievementSchema } from "../../../shared/schemas/achievements";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import { findVisibleChild } from "../children/children.service";
import { listChildAchievements, toAchievement } from "./achievements.repository";

const errors = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

export default async function achievementsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    "/api/children/:id/achievements",
    {
      config: { access: "child", childParam: "id" },
      schema: {
        tags: ["achievements"],
        summary: "A child's badges, newest first",
        params: IdParamsSchema,
        response: { 200: z.array(AchievementSchema), ...errors },
      },
    },
    async (req) =>
      (await listChildAchievements(db, (await findVisibleChild(app, req, req.params.id)).id)).map(toAchievement),
  );
}
