import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CartSchema } from "../../../shared/schemas/carts";
import { ErrorSchema } from "../../../shared/schemas/common";
import { DecideByLinkSchema, DecisionLinkGoneSchema, DecisionLinkSchema } from "../../../shared/schemas/notifications";
import { DECISION_LINK_MISSES_PER_ADDRESS, DECISION_LINK_WINDOW_MS } from "../../plugins/rate-limits";
import { type CartDecider, DecisionLinkGoneError, linkDecider } from "./decide.service";

const TOO_MANY_LINKS = "Too many links that do not work were opened from your network.";
const TokenParamsSchema = z.object({ token: z.string().max(500) });

/**
 * docs/product-contract.md "Deciding from anywhere": the one-tap links of the e-mails and push messages.
 * Public: the link is the credential. GET (and HEAD) only reads; POST decides, as the link's guardian.
 */
export default async function decideRoutes(
  app: FastifyInstance,
  opts: { cartDecider: (app: FastifyInstance) => CartDecider },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const links = linkDecider(app, opts.cartDecider(app));

  /**
   * Counts a lookup against the caller's address before it is made, and takes it back when the link was
   * one the server issued: only misses count, as only guessing makes them.
   */
  async function lookUp<T>(req: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) {
    // A link in the address bar must not be kept by a cache on the way.
    reply.header("Cache-Control", "no-store");
    const release = await app.rateLimiter.reserve(
      [`decide:ip:${req.ip}`],
      DECISION_LINK_MISSES_PER_ADDRESS,
      DECISION_LINK_WINDOW_MS,
      TOO_MANY_LINKS,
    );
    try {
      const answer = await work();
      await release();
      return answer;
    } catch (err) {
      if (!(err instanceof DecisionLinkGoneError)) {
        await release();
        throw err;
      }
      if (err.body.state !== "unknown") await release();
      return reply.status(410).send(err.body);
    }
  }

  r.get(
    "/api/decide/:token",
    {
      config: { access: "public" },
      schema: {
        tags: ["notifications"],
        summary: "What a one-tap decision link would decide, and whether it still can (changes nothing)",
        params: TokenParamsSchema,
        response: { 200: DecisionLinkSchema, 410: DecisionLinkGoneSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => lookUp(req, reply, () => links.describe(req.params.token)),
  );

  r.post(
    "/api/decide/:token",
    {
      config: { access: "public" },
      schema: {
        tags: ["notifications"],
        summary: "Decides the cart as the link's guardian, under every rule of an ordinary decision",
        params: TokenParamsSchema,
        // No body at all is a decision without a note.
        body: DecideByLinkSchema.nullish(),
        response: {
          200: CartSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema,
          410: DecisionLinkGoneSchema,
          429: ErrorSchema,
        },
      },
    },
    async (req, reply) => lookUp(req, reply, () => links.decide(req.params.token, req.body?.note || undefined)),
  );
}
