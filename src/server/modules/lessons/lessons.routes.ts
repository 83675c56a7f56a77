import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import { LessonCompleteSchema, LessonResultSchema, LessonSummarySchema } from "../../../shared/schemas/lessons";
import { requireActor } from "../../plugins/auth";
import { findVisibleChild } from "../children/children.service";
import { completeLesson, findLesson, listLessons } from "./lessons.service";

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** docs/product-contract.md "Learning and saving"; docs/decisions/154. */
export default async function lessonsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/children/:id/lessons",
    {
      config: { access: "child", childParam: "id" },
      schema: {
        tags: ["lessons"],
        summary: "Every money lesson, in order, with the child's status, unlock time and best score",
        params: IdParamsSchema,
        response: { 200: z.array(LessonSummarySchema), ...errors },
      },
    },
    async (req) => listLessons(app, await findVisibleChild(app, req, req.params.id)),
  );

  r.post(
    "/api/children/:id/lessons/:lessonId/complete",
    {
      config: { access: "child", childParam: "id" },
      schema: {
        tags: ["lessons"],
        summary: "The child's answers to a lesson's questions, answered with the score and any badge earned",
        params: IdParamsSchema.extend({ lessonId: z.string() }),
        body: LessonCompleteSchema,
        response: { 200: LessonResultSchema, ...errors },
      },
    },
    async (req) => {
      const child = await findVisibleChild(app, req, req.params.id);
      return completeLesson(app, requireActor(req), child, findLesson(req.params.lessonId), req.body.answers);
    },
  );
}
