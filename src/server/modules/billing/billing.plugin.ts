import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import Stripe from "stripe";
import type { StripeConfig } from "../../config";
import { repeatWhileOpen } from "../../lib/repeat-while-open";
import { suspendDueFamilies } from "./billing-sweep";

declare module "fastify" {
  interface FastifyInstance {
    /** Payments' settings (docs/decisions/150); null when this server takes none. */
    stripeConfig: StripeConfig | null;
    /** Applies what time alone changes: suspensions due after 7 days of failed payment, granted time ended. */
    reviewBillingDue(): Promise<number>;
  }
}

/** How often each instance looks for suspensions due and grants ended; the work is idempotent under the family lock. */
const REVIEW_EVERY_MS = 10 * 60 * 1000;

/** The official SDK, pointed at a local stand-in of Stripe's API when STRIPE_API_URL says so (tests only). */
export function stripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Pocketwise" },
    ...(api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
      protocol: api.protocol === "https:" ? "https" : "http",
    }),
  });
}

export default fp(
  async function billingPlugin(app: FastifyInstance, opts: { stripe: StripeConfig | null }) {
    app.decorate("stripeConfig", opts.stripe);
    app.decorate("stripe", opts.stripe ? stripeClient(opts.stripe) : null);
    app.decorate("reviewBillingDue", () => suspendDueFamilies(app));
    repeatWhileOpen(app, REVIEW_EVERY_MS, () => app.reviewBillingDue());
  },
  { name: "billing" },
);
