import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorSchema } from "../../../shared/schemas/common";
import {
  PushKeySchema,
  PushSubscriptionCreateSchema,
  PushSubscriptionDeleteSchema,
  PushSubscriptionSchema,
} from "../../../shared/schemas/push";
import { requireAdult } from "../../plugins/auth";
import { subscribe, unsubscribe } from "./push.service";

/** A browser subscribes again when its push service renews the subscription; far fewer than this an hour. */
const PUSH_CHANGES_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema };

/** docs/product-contract.md "Hearing at once": Web Push on each device a guardian enables (docs/decisions/132). */
export default async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A subscription is the signed-in adult's own, not the family's: each guardian chooses their devices.
  const limitChanges = (userId: string) =>
    app.rateLimiter.reserve(
      [`push-subscriptions:user:${userId}`],
      PUSH_CHANGES_PER_HOUR,
      HOUR_MS,
      "Notifications on your devices were changed too many times.",
    );

  r.get(
    "/api/push/key",
    {
      // Only a signed-in adult can subscribe, so only they need the key.
      config: { access: "parent" },
      schema: {
        tags: ["push"],
        summary: "The server's VAPID public key, for PushManager.subscribe",
        response: { 200: PushKeySchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async () => ({ publicKey: (await app.push.vapid()).publicKey }),
  );

  r.post(
    "/api/push/subscriptions",
    {
      config: { access: "parent" },
      schema: {
        tags: ["push"],
        summary: "Turn on notifications on this device (an endpoint another adult had becomes yours)",
        body: PushSubscriptionCreateSchema,
        response: { 201: PushSubscriptionSchema, ...errors },
      },
    },
    async (req, reply) => {
      const userId = requireAdult(req);
      await limitChanges(userId);
      return reply.status(201).send(await subscribe(app, userId, req.body));
    },
  );

  r.delete(
    "/api/push/subscriptions",
    {
      config: { access: "parent" },
      schema: {
        tags: ["push"],
        summary: "Turn off notifications on this device (only your own subscription is removed)",
        body: PushSubscriptionDeleteSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const userId = requireAdult(req);
      await limitChanges(userId);
      await unsubscribe(app, userId, req.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}
