import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorSchema } from "../../../shared/schemas/common";
import { ConsentCreateSchema, ConsentSchema } from "../../../shared/schemas/public-forms";
import { limitPublicForm } from "../../plugins/rate-limits";
import { insertConsent, toConsent } from "./consents.repository";

/** docs/product-contract.md "Public forms": the consent wizard's record of what a parent agreed to, and when. */
export default async function consentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.post(
    "/api/consents",
    {
      config: { access: "public" },
      schema: {
        tags: ["public forms"],
        summary: "Record a parent's consent from the /coppa-consent wizard (no sign-in needed)",
        body: ConsentCreateSchema,
        response: { 201: ConsentSchema, 400: ErrorSchema, 403: ErrorSchema, 413: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      await limitPublicForm(app, "consents", req.ip, "Too many consent forms from this address.");
      const row = await insertConsent(db, { ...req.body, createdAt: app.now() });
      return reply.status(201).send(toConsent(row));
    },
  );
}
