import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { parseCents } from "../../../shared/rules/money";
import { ChoreCreateSchema, ChoreSchema, ChoreUpdateSchema } from "../../../shared/schemas/chores";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import { notFound } from "../../lib/http-errors";
import { linkNext, pageQuery } from "../../lib/paging";
import { requireActor, requireParent } from "../../plugins/auth";
import { findFamilyChild } from "../children/children.repository";
import { CHILD_NOT_FOUND, findVisibleChild } from "../children/children.service";
import { publishEvent } from "../events/events";
import { insertChore, listChildChores, toChore } from "./chores.repository";
import { choreUpdated, confirmChore, dueDateFrom, editChore, markChoreDone, removeChore } from "./chores.service";

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** docs/decisions/164. */
const CHORES_DEFAULT_LIMIT = 50;

export default async function choresRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    "/api/children/:id/chores",
    {
      config: { access: "child", childParam: "id" },
      schema: {
        tags: ["chores"],
        summary: `A child's chores, newest first (?limit= default ${CHORES_DEFAULT_LIMIT}, at most 100; Link rel=next)`,
        params: IdParamsSchema,
        querystring: pageQuery(CHORES_DEFAULT_LIMIT),
        response: { 200: z.array(ChoreSchema), ...errors },
      },
    },
    async (req, reply) => {
      const child = await findVisibleChild(app, req, req.params.id);
      const rows = await listChildChores(db, child.id, req.query);
      return linkNext(reply, rows, req.query.limit, `/api/children/${child.id}/chores`).map(toChore);
    },
  );

  r.post(
    "/api/children/:id/chores",
    {
      config: { access: "parent" },
      schema: {
        tags: ["chores"],
        summary: "Add a chore that earns extra budget",
        params: IdParamsSchema,
        body: ChoreCreateSchema,
        response: { 201: ChoreSchema, ...errors },
      },
    },
    async (req, reply) => {
      const child = await findFamilyChild(db, requireParent(req), req.params.id);
      if (!child) throw notFound(CHILD_NOT_FOUND);
      const now = app.now();
      const row = await db.transaction(async (tx) => {
        const inserted = await insertChore(tx, {
          childId: child.id,
          title: req.body.title,
          description: req.body.description || null,
          reward: parseCents(req.body.reward),
          dueDate: dueDateFrom(req.body.dueDate) ?? null,
          createdAt: now,
          updatedAt: now,
        });
        await publishEvent(tx, choreUpdated(child.parentId, inserted));
        return inserted;
      });
      return reply.status(201).send(toChore(row));
    },
  );

  r.patch(
    "/api/chores/:id",
    {
      config: { access: "parent" },
      schema: {
        tags: ["chores"],
        summary: "Change a chore that is not yet confirmed",
        params: IdParamsSchema,
        body: ChoreUpdateSchema,
        response: { 200: ChoreSchema, ...errors },
      },
    },
    async (req) => toChore(await editChore(app, requireParent(req), req.params.id, req.body)),
  );

  r.delete(
    "/api/chores/:id",
    {
      config: { access: "parent" },
      schema: {
        tags: ["chores"],
        summary: "Delete a chore (a confirmed reward stays in the budget)",
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await removeChore(app, requireParent(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/chores/:id/complete",
    {
      config: { access: "child" },
      schema: {
        tags: ["chores"],
        summary: "Mark a chore done (the child, or the parent on their behalf)",
        params: IdParamsSchema,
        response: { 200: ChoreSchema, ...errors },
      },
    },
    async (req) => toChore(await markChoreDone(app, requireActor(req), req.params.id)),
  );

  r.post(
    "/api/chores/:id/confirm",
    {
      config: { access: "parent" },
      schema: {
        tags: ["chores"],
        summary: "Confirm a chore: its reward joins this month's budget",
        params: IdParamsSchema,
        response: { 200: ChoreSchema, ...errors },
      },
    },
    async (req) => toChore(await confirmChore(app, requireParent(req), req.params.id)),
  );
}
