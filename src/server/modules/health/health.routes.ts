import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HealthSchema } from "../../../shared/schemas/staff";
import { checkHealth } from "./health.service";

/** spec 001 §2.10: the public system test page's backend checks. Answers 200 whatever they find. */
export default async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/test/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        summary: "Checks the database, its schema, the session store and the automation worker",
        response: { 200: HealthSchema },
      },
    },
    async (_req, reply) => {
      // Each load must run the checks again (the page's Rerun Tests), never show a cached answer.
      reply.header("Cache-Control", "no-store");
      return checkHealth(app);
    },
  );
}
