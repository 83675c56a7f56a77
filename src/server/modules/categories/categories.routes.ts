import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { parseCents } from "../../../shared/rules/money";
import {
  CategoryCreateSchema,
  CategoryParamsSchema,
  CategorySchema,
  CategoryUpdateSchema,
} from "../../../shared/schemas/categories";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import { conflict, notFound } from "../../lib/http-errors";
import { linkNext, pageQuery } from "../../lib/paging";
import { requireParent } from "../../plugins/auth";
import { inChildTransaction } from "../budget/budget";
import { CHILD_NOT_FOUND, findVisibleChild } from "../children/children.service";
import {
  categoryNameTaken,
  deleteCategory,
  findChildCategory,
  insertCategory,
  listChildCategories,
  toCategory,
  updateCategory,
} from "./categories.repository";

export const CATEGORY_NOT_FOUND = "Category not found";
const nameTaken = (name: string) => conflict(`There is already a category named ${name}`);

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** docs/decisions/164. */
const CATEGORIES_DEFAULT_LIMIT = 50;

export default async function categoriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    "/api/children/:id/categories",
    {
      config: { access: "child", childParam: "id" },
      schema: {
        tags: ["categories"],
        summary: `A child's budget categories with this month's spending, by name (?limit= default ${CATEGORIES_DEFAULT_LIMIT}, at most 100; Link rel=next)`,
        params: IdParamsSchema,
        querystring: pageQuery(CATEGORIES_DEFAULT_LIMIT),
        response: { 200: z.array(CategorySchema), ...errors },
      },
    },
    async (req, reply) => {
      const child = await findVisibleChild(app, req, req.params.id);
      const now = app.now();
      const rows = await listChildCategories(db, child.id, req.query);
      return linkNext(reply, rows, req.query.limit, `/api/children/${child.id}/categories`).map((row) =>
        toCategory(row, now),
      );
    },
  );

  r.post(
    "/api/children/:id/categories",
    {
      config: { access: "parent" },
      schema: {
        tags: ["categories"],
        summary: "Add a budget category (a monthly limit of 0.00 means none)",
        params: IdParamsSchema,
        body: CategoryCreateSchema,
        response: { 201: CategorySchema, ...errors },
      },
    },
    async (req, reply) => {
      const parentId = requireParent(req);
      // Auto-approval reads categories: they change under the family's and the child's locks.
      const row = await inChildTransaction(app, parentId, req.params.id, CHILD_NOT_FOUND, async (tx, { child }) => {
        if (await categoryNameTaken(tx, child.id, req.body.name)) throw nameTaken(req.body.name);
        const now = app.now();
        return insertCategory(tx, {
          childId: child.id,
          name: req.body.name,
          monthlyLimit: parseCents(req.body.monthlyLimit),
          isRestricted: req.body.isRestricted,
          createdAt: now,
          updatedAt: now,
        });
      });
      return reply.status(201).send(toCategory(row, app.now()));
    },
  );

  r.patch(
    "/api/children/:id/categories/:categoryId",
    {
      config: { access: "parent" },
      schema: {
        tags: ["categories"],
        summary: "Change a budget category's name, limit or restriction",
        params: CategoryParamsSchema,
        body: CategoryUpdateSchema,
        response: { 200: CategorySchema, ...errors },
      },
    },
    async (req) => {
      const parentId = requireParent(req);
      const row = await inChildTransaction(app, parentId, req.params.id, CHILD_NOT_FOUND, async (tx, { child }) => {
        const category = await findChildCategory(tx, child.id, req.params.categoryId, true);
        if (!category) throw notFound(CATEGORY_NOT_FOUND);
        const { name, monthlyLimit, isRestricted } = req.body;
        if (name !== undefined && (await categoryNameTaken(tx, child.id, name, category.id))) throw nameTaken(name);
        return updateCategory(tx, category.id, {
          ...(name !== undefined ? { name } : {}),
          ...(monthlyLimit !== undefined ? { monthlyLimit: parseCents(monthlyLimit) } : {}),
          ...(isRestricted !== undefined ? { isRestricted } : {}),
          updatedAt: app.now(),
        });
      });
      return toCategory(row, app.now());
    },
  );

  r.delete(
    "/api/children/:id/categories/:categoryId",
    {
      config: { access: "parent" },
      schema: {
        tags: ["categories"],
        summary: "Delete a budget category (carts keep the name their items carried)",
        params: CategoryParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const parentId = requireParent(req);
      await inChildTransaction(app, parentId, req.params.id, CHILD_NOT_FOUND, async (tx, { child }) => {
        const category = await findChildCategory(tx, child.id, req.params.categoryId, true);
        if (!category) throw notFound(CATEGORY_NOT_FOUND);
        await deleteCategory(tx, category.id);
      });
      return reply.status(204).send(null);
    },
  );
}
