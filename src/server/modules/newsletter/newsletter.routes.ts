import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ErrorSchema } from "../../../shared/schemas/common";
import { NewsletterSignupSchema, NewsletterSubscriptionSchema } from "../../../shared/schemas/public-forms";
import { limitPublicForm } from "../../plugins/rate-limits";
import { subscribe, toSubscription } from "./newsletter.repository";

/**
 * docs/product-contract.md "Public forms": the landing page's newsletter signup. Subscribing again answers 201
 * with the existing subscription rather than a 409 or an "already subscribed" message.
 */
export default async function newsletterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.post(
    "/api/newsletter",
    {
      config: { access: "public" },
      schema: {
        tags: ["public forms"],
        summary: "Subscribe an e-mail to the newsletter (idempotent; no sign-in needed)",
        body: NewsletterSignupSchema,
        response: {
          201: NewsletterSubscriptionSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          413: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (req, reply) => {
      await limitPublicForm(app, "newsletter", req.ip, "Too many sign-ups from this address.");
      const row = await subscribe(db, req.body.email, app.now());
      return reply.status(201).send(toSubscription(row));
    },
  );
}
