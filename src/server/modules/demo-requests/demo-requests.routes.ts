import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorSchema } from "../../../shared/schemas/common";
import { DemoRequestCreateSchema, DemoRequestSchema } from "../../../shared/schemas/public-forms";
import { limitPublicForm } from "../../plugins/rate-limits";
import { insertDemoRequest, toDemoRequest } from "./demo-requests.repository";

/** docs/product-contract.md "Public forms": demo requests from /schedule-demo are stored for the team to follow up. */
export default async function demoRequestsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.post(
    "/api/demo-requests",
    {
      config: { access: "public" },
      schema: {
        tags: ["public forms"],
        summary: "Ask for a demo from the /schedule-demo form (no sign-in needed)",
        body: DemoRequestCreateSchema,
        response: { 201: DemoRequestSchema, 400: ErrorSchema, 403: ErrorSchema, 413: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      await limitPublicForm(app, "demo-requests", req.ip, "Too many demo requests from this address.");
      const { phone, company, role, familySize, timePreference, message, ...required } = req.body;
      const row = await insertDemoRequest(db, {
        ...required,
        phone: phone ?? null,
        company: company ?? null,
        role: role ?? null,
        familySize: familySize ?? null,
        timePreference: timePreference ?? null,
        message: message ?? null,
        createdAt: app.now(),
      });
      return reply.status(201).send(toDemoRequest(row));
    },
  );
}
