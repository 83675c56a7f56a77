import { existsSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { LANDING_FILE } from "../shared/client-build";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { canonicalUrl } from "./lib/canonical-path";
import achievementsRoutes from "./modules/achievements/achievements.routes";
import { createStaffVerifier } from "./modules/admin/admin-auth";
import { createAdminTokens } from "./modules/admin/admin-tokens";
import authRoutes from "./modules/auth/auth.routes";
import { createOidc } from "./modules/auth/oidc";
import { cartDecider } from "./modules/carts/cart-decisions.service";
import cartsRoutes from "./modules/carts/carts.routes";
import childrenRoutes from "./modules/children/children.routes";
import choresRoutes from "./modules/chores/chores.routes";
import { attributeSignup } from "./modules/referrals/referrals.service";
import usageRoutes from "./modules/usage/usage.routes";
import access, { declareAccessOfPluginRoutes } from "./plugins/access";
import bodyParsing from "./plugins/body-parsing";
import dbPlugin from "./plugins/db";
import errorsPlugin from "./plugins/errors";
import originGuard from "./plugins/origin-guard";
import rateLimits from "./plugins/rate-limits";
import session, { SESSION_COOKIE } from "./plugins/session";

export type AppConfig = Pick<Config, "cookieSecure" | "appOrigin" | "oidc" | "clientDir" | "now"> &
  Partial<Pick<Config, "adminJwtSecret" | "mail" | "host" | "port" | "env" | "vapid" | "stripe">> & {
    logLevel?: string;
    /** Trust X-Forwarded-* from a proxy in front (TRUST_PROXY; tests use it to vary the client address). */
    trustProxy?: boolean | string;
    /**
     * The automation worker (pg-boss and the 30 s sweep). server.ts turns it on; absent means off, so API
     * tests and the bench start no queue and move executions only through `app.automations.runDue()`.
     */
    automations?: { worker: boolean };
    /** The live events' heartbeat (modules/events); tests shorten it to see a stream end without waiting 15 s. */
    liveEvents?: { heartbeatMs?: number; declineDelayMs?: number };
  };

/** docs/product-contract.md "Answers and errors": a body over 100 KB answers 413. */
export const BODY_LIMIT = 100 * 1024;

export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel ?? "silent" },
    bodyLimit: BODY_LIMIT,
    // Fastify takes a boolean or an address list; its overloads cannot type the union.
    trustProxy: (config.trustProxy ?? false) as boolean,
    // docs/decisions/120: routing, access and every check see one spelling of a path.
    rewriteUrl: (req) => canonicalUrl(req.url ?? "/"),
    // docs/product-contract.md "Answers and errors": a malformed id answers 404, however long (the default 100-character limit answers 414).
    // Node refuses a request line beyond its 16 KB header limit before the router sees it. Paths match
    // whatever their letter case (docs/decisions/120); parameters keep theirs.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 65_536 },
    // The framework error a request can cause here is a path the router cannot decode ("/api/children/%ZZ"):
    // it names nothing, so it answers as an unknown path does (route constraints, the other source, are
    // unused). This runs before any hook, so it writes the answer itself.
    frameworkErrors: (_err, req, reply) => {
      void app.answerUnmatched(req, reply as FastifyReply);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // UTF-8 JSON only; an empty JSON body is no payload (spec 000 §7); a 413 is read by the client (122).
  await app.register(bodyParsing);

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    // Tabs the dashboard opens must be able to close themselves (window.close) and keep an opener.
    crossOriginOpenerPolicy: false,
  });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: "Pocketwise API", version: "1.0.0", description: "Family shopping with parental approval." },
    },
    transform: jsonSchemaTransform,
  });

  // App plugins.
  await app.register(dbPlugin, { database, now: config.now });
  await app.register(originGuard, { appOrigin: config.appOrigin });
  await app.register(session, { cookieSecure: config.cookieSecure });
  const adminTokens = createAdminTokens(config.adminJwtSecret ?? null);
  await app.register(access, { verifyStaff: createStaffVerifier(app, adminTokens) });
  await app.register(rateLimits);
  await app.register(errorsPlugin);

  // The README invites anyone to read the API's description.
  await app.register(async (scope) => {
    declareAccessOfPluginRoutes(scope, "public");
    await scope.register(swaggerUi, { routePrefix: "/api/docs" });
  });

  // Modules.
  const oidc = config.oidc ? createOidc(config.oidc) : null;
  await app.register(import("./modules/billing/billing.plugin"), { stripe: config.stripe ?? null });
  await app.register(authRoutes, {
    oidc,
    appOrigin: config.appOrigin,
    attributeSignup: (req, userId) => attributeSignup(app, req, userId),
  });
  await app.register(childrenRoutes);
  await app.register(cartsRoutes);
  await app.register(choresRoutes);
  await app.register(achievementsRoutes);
  await app.register(usageRoutes);
  await app.register(import("./modules/categories/categories.routes"));
  await app.register(import("./modules/lessons/lessons.routes"));
  await app.register(import("./modules/goals/goals.routes"));
  await app.register(import("./modules/history/history.routes"));
  await app.register(import("./modules/kid-auth/kid-auth.routes"));
  await app.register(import("./modules/consents/consents.routes"));
  await app.register(import("./modules/demo-requests/demo-requests.routes"));
  await app.register(import("./modules/newsletter/newsletter.routes"));
  await app.register(import("./modules/admin/admin.routes"), { tokens: adminTokens });
  await app.register(import("./modules/admin-families/admin-families.routes"));
  await app.register(import("./modules/support/support.routes"));
  await app.register(import("./modules/health/health.routes"));
  await app.register(import("./modules/automations/automations.plugin"), {
    mail: config.mail,
    appOrigin: config.appOrigin,
    worker: config.automations?.worker ?? false,
  });
  await app.register(import("./modules/automations/automations.routes"));
  await app.register(import("./modules/events/events.plugin"), config.liveEvents ?? {});
  await app.register(import("./modules/events/events.routes"));
  await app.register(import("./modules/extension-download/extension-download.routes"), { appOrigin: config.appOrigin });
  await app.register(import("./modules/password-reset/password-reset.routes"), { linkOrigin: ownOrigin(config) });
  await app.register(import("./modules/account/account.routes"), { linkOrigin: ownOrigin(config) });
  await app.register(import("./modules/family/family.routes"), { linkOrigin: ownOrigin(config) });
  await app.register(import("./modules/carts/cart-timers.plugin"), { worker: config.automations?.worker ?? false });
  await app.register(import("./modules/push/push.plugin"), {
    vapid: config.vapid ?? null,
    appOrigin: config.appOrigin,
    mailFrom: config.mail?.from,
    // docs/product-contract.md "Hearing at once": a push service on loopback only outside production (tests).
    allowLoopback: config.env !== "production",
  });
  await app.register(import("./modules/push/push.routes"));
  await app.register(import("./modules/notifications/notifications.plugin"), {
    linkOrigin: ownOrigin(config),
    worker: config.automations?.worker ?? false,
  });
  await app.register(import("./modules/notifications/notifications.routes"));
  await app.register(import("./modules/notifications/decide.routes"), { cartDecider });
  await app.register(import("./modules/child-consents/child-consents.plugin"), {
    linkOrigin: config.appOrigin ?? null,
  });
  await app.register(import("./modules/child-consents/child-consents.routes"));
  await app.register(import("./modules/merchant-button/merchant-button.routes"));
  await app.register(import("./modules/billing/billing.routes"), { linkOrigin: config.appOrigin });
  await app.register(import("./modules/referrals/referrals.routes"), {
    linkOrigin: ownOrigin(config),
    cookieSecure: config.cookieSecure,
  });
  await app.register(import("./modules/merchants/merchants"), {
    linkOrigin: ownOrigin(config),
    // docs/spec "Asking from the store": webhook URLs follow the push endpoints' address rules.
    allowLoopback: config.env !== "production",
    worker: config.automations?.worker ?? false,
  });
  await app.register(import("./modules/retention/retention.plugin"), {
    outboxDir: config.mail?.outboxDir ?? null,
    worker: config.automations?.worker ?? false,
  });

  registerClient(app, config.clientDir);
  return app;
}

/**
 * Where e-mailed links point: APP_ORIGIN, or this server's own address. Never the Host a caller sent: a
 * forged one would have a parent mailed a reset link to another site.
 */
function ownOrigin(config: AppConfig): string {
  if (config.appOrigin) return config.appOrigin;
  const host = !config.host || config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port ?? 5000}`;
}

/** The built React app: hashed assets cached for a year, every other GET outside /api gets index.html. */
function registerClient(app: FastifyInstance, clientDir: string | null) {
  const indexPath = clientDir ? path.join(clientDir, "index.html") : null;
  const hasClient = indexPath !== null && existsSync(indexPath);
  if (hasClient && clientDir) {
    // The web app's files are public: its pages ask the API for anything private. Routes under /api are
    // never declared here, so a module's route without access still stops the start.
    declareAccessOfPluginRoutes(app, "public", (url) => !/^\/api(\/|$)/i.test(url));
    app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // A page must never be kept: an old one would ask for hashed assets the next build has replaced.
        // Nor the service worker: browsers check it for updates, and a kept one would check against itself.
        if (/(\.html|[/\\]sw\.js)(\.br|\.gz)?$/.test(filePath)) return reply.header("Cache-Control", "no-cache");
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=300");
      },
    });
  }
  const hasLanding = hasClient && clientDir !== null && existsSync(path.join(clientDir, LANDING_FILE));
  app.setNotFoundHandler((req, reply) => {
    if (/^\/api(\/|$)/i.test(req.url) || !hasClient || (req.method !== "GET" && req.method !== "HEAD")) {
      return app.answerUnmatched(req, reply);
    }
    // A visitor's "/" comes with the landing page's first screen already drawn; a signed-in parent's "/" is
    // the dashboard, over which the landing page would only flash.
    const visitorHome = hasLanding && req.url.split("?")[0] === "/" && !req.cookies[SESSION_COOKIE];
    return reply.header("Cache-Control", "no-cache").sendFile(visitorHome ? LANDING_FILE : "index.html");
  });
}
