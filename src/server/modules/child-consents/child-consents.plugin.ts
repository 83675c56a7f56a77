import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type ConsentService, createConsentService } from "./child-consents.service";

declare module "fastify" {
  interface FastifyInstance {
    /** Parental consent for children under 13 (docs/decisions/157); billing's webhook hands it card checks. */
    consents: ConsentService;
  }
}

export default fp(
  async function childConsentsPlugin(app: FastifyInstance, opts: { linkOrigin: string | null }) {
    app.decorate("consents", createConsentService(app, { linkOrigin: (fallback) => opts.linkOrigin ?? fallback }));
  },
  { name: "child-consents" },
);
