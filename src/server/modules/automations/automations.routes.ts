import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorSchema } from "../../../shared/schemas/common";
import { ExecutionSchema, TriggerSchema } from "../../../shared/schemas/staff";
import { requireAdmin } from "../../plugins/access";

/** spec 001 §7: the dashboard's trigger buttons. */
const TRIGGERS = [
  { key: "onboarding", summary: "Start the welcome sequence for a parent" },
  { key: "payment-recovery", summary: "Start payment recovery for a parent" },
] as const;

export default async function automationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const { key, summary } of TRIGGERS) {
    r.post(
      `/api/admin/trigger/${key}`,
      {
        config: { access: "staff" },
        schema: {
          tags: ["staff"],
          summary,
          body: TriggerSchema,
          response: { 201: ExecutionSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
        },
      },
      async (req, reply) => {
        requireAdmin(req);
        return reply.status(201).send(await app.automations.trigger(key, req.body.userId));
      },
    );
  }
}
