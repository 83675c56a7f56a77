import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CartSchema } from "../../../shared/schemas/carts";
import { ErrorSchema, IdParamsSchema } from "../../../shared/schemas/common";
import {
  GoalContributionCreateSchema,
  GoalCreateSchema,
  GoalSchema,
  GoalUpdateSchema,
} from "../../../shared/schemas/goals";
import { linkNext, pageQuery } from "../../lib/paging";
import { requireActor } from "../../plugins/auth";
import { toCart } from "../carts/carts.repository";
import { findVisibleChild } from "../children/children.service";
import { GOALS_LISTED, listChildGoals, toGoal } from "./goals.repository";
import { askToBuy, contribute, createGoal, editGoal, goalForCart, removeGoal } from "./goals.service";

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** docs/product-contract.md "Learning and saving": savings goals (docs/decisions/153). */
export default async function goalsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    "/api/children/:id/goals",
    {
      config: { access: "child", childParam: "id" },
      schema: {
        tags: ["goals"],
        summary: `A child's savings goals, newest first (?limit= default ${GOALS_LISTED}, at most 100; Link rel=next)`,
        params: IdParamsSchema,
        querystring: pageQuery(GOALS_LISTED),
        response: { 200: z.array(GoalSchema), ...errors },
      },
    },
    async (req, reply) => {
      const child = await findVisibleChild(app, req, req.params.id);
      const rows = await listChildGoals(db, child.id, req.query);
      return linkNext(reply, rows, req.query.limit, `/api/children/${child.id}/goals`).map(toGoal);
    },
  );

  r.post(
    "/api/children/:id/goals",
    {
      config: { access: "child", childParam: "id" },
      schema: {
        tags: ["goals"],
        summary: "Start saving for something (at most 20 open goals)",
        params: IdParamsSchema,
        body: GoalCreateSchema,
        response: { 201: GoalSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(toGoal(await createGoal(app, requireActor(req), req.params.id, req.body))),
  );

  r.patch(
    "/api/goals/:id",
    {
      config: { access: "child" },
      schema: {
        tags: ["goals"],
        summary: "Rename a goal, change its target or link",
        params: IdParamsSchema,
        body: GoalUpdateSchema,
        response: { 200: GoalSchema, ...errors },
      },
    },
    async (req) => toGoal(await editGoal(app, requireActor(req), req.params.id, req.body)),
  );

  r.delete(
    "/api/goals/:id",
    {
      config: { access: "child" },
      schema: {
        tags: ["goals"],
        summary: "Delete a goal: its money goes back to this month's budget",
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await removeGoal(app, requireActor(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/goals/:id/contributions",
    {
      config: { access: "child" },
      schema: {
        tags: ["goals"],
        summary:
          "Move money into a goal from this month's budget left, or (source \"match\", guardians only) add the guardian's own",
        params: IdParamsSchema,
        body: GoalContributionCreateSchema,
        response: { 200: GoalSchema, ...errors },
      },
    },
    async (req) => toGoal(await contribute(app, requireActor(req), req.params.id, req.body)),
  );

  r.post(
    "/api/goals/:id/cart",
    {
      config: { access: "child" },
      schema: {
        tags: ["goals"],
        summary: "Ask to buy a reached goal: its money returns to the budget and an ordinary cart asks for it",
        params: IdParamsSchema,
        response: { 201: z.object({ goal: GoalSchema, cart: CartSchema }), ...errors },
      },
    },
    async (req, reply) => {
      const { goal, cart } = await askToBuy(app, requireActor(req), req.params.id);
      return reply.status(201).send({ goal: toGoal(goal), cart: toCart(cart) });
    },
  );

  r.post(
    "/api/carts/:id/goal",
    {
      config: { access: "child" },
      schema: {
        tags: ["goals"],
        summary: "Turn a declined cart into a savings goal (again: the goal it already became)",
        params: IdParamsSchema,
        response: { 200: GoalSchema, 201: GoalSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { goal, created } = await goalForCart(app, requireActor(req), req.params.id);
      return reply.status(created ? 201 : 200).send(toGoal(goal));
    },
  );
}
