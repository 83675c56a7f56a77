import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/client";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    now: () => Date;
  }
}

export default fp(async function dbPlugin(app: FastifyInstance, opts: { database: Database; now: () => Date }) {
  app.decorate("database", opts.database);
  app.decorate("now", opts.now);
});
