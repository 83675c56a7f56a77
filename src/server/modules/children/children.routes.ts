import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ChildCreateSchema, ChildListSchema, ChildSchema, ChildUpdateSchema } from "../../../shared/schemas/children";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import { notFound } from "../../lib/http-errors";
import { linkNext, pageQuery } from "../../lib/paging";
import { requireGuardian, requireOwner, requireParent } from "../../plugins/auth";
import { withEndedMonthsReviewed } from "../budget/budget";
import { findFamilyChild, listChildren, toChild } from "./children.repository";
import {
  CHILD_NOT_FOUND,
  createChild,
  deleteFamilyChild,
  findVisibleChild,
  updateChildSettings,
} from "./children.service";

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/** More children than a family has: every screen reads them in one page (docs/decisions/166). */
const CHILDREN_DEFAULT_LIMIT = 100;

export default async function childrenRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    "/api/children",
    {
      config: { access: "parent" },
      schema: {
        tags: ["children"],
        summary: `The signed-in parent's children, in the order they were added (?limit= default ${CHILDREN_DEFAULT_LIMIT}, at most 100; Link rel=next)`,
        querystring: pageQuery(CHILDREN_DEFAULT_LIMIT),
        response: { 200: ChildListSchema, ...errors },
      },
    },
    async (req, reply) => {
      const parentId = requireParent(req);
      const now = app.now();
      const page = linkNext(reply, await listChildren(db, parentId, req.query), req.query.limit, "/api/children");
      const rows = await withEndedMonthsReviewed(app, parentId, page);
      return rows.map((row) => toChild(row, now));
    },
  );

  r.post(
    "/api/children",
    {
      config: { access: "parent" },
      schema: {
        tags: ["children"],
        summary: "Add a child (the owner is the signed-in parent; a parentId in the body is ignored)",
        body: ChildCreateSchema,
        response: { 201: ChildSchema, ...errors },
      },
    },
    async (req, reply) => {
      const parentId = requireParent(req);
      const row = await createChild(app, parentId, req.body);
      return reply.status(201).send(toChild(row, app.now()));
    },
  );

  r.get(
    "/api/children/:id",
    {
      config: { access: "child", childParam: "id" },
      schema: {
        tags: ["children"],
        summary: "One child (the owning parent or the child's own session)",
        params: IdParamsSchema,
        response: { 200: ChildSchema, ...errors },
      },
    },
    async (req) => {
      return toChild(await findVisibleChild(app, req, req.params.id), app.now());
    },
  );

  r.patch(
    "/api/children/:id",
    {
      config: { access: "parent" },
      schema: {
        tags: ["children"],
        summary: "Change any subset of a child's settings",
        params: IdParamsSchema,
        body: ChildUpdateSchema,
        response: { 200: ChildSchema, ...errors },
      },
    },
    async (req) => {
      const parentId = requireParent(req);
      const row = await updateChildSettings(app, parentId, req.params.id, req.body);
      return toChild(row, app.now());
    },
  );

  r.delete(
    "/api/children/:id",
    {
      config: { access: "parent" },
      schema: {
        tags: ["children"],
        summary: "Delete a child and all their data",
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const guardian = requireGuardian(req);
      const row = await findFamilyChild(db, guardian.familyId, req.params.id);
      if (!row) throw notFound(CHILD_NOT_FOUND);
      // docs/product-contract.md "The family and its guardians": only the owner deletes a child.
      requireOwner(req);
      if (!(await deleteFamilyChild(db, row))) throw notFound(CHILD_NOT_FOUND);
      return reply.status(204).send(null);
    },
  );
}
