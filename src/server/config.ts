import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const boolFromEnv = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
      .optional(),
    APP_ORIGIN: z.url().optional(),
    OIDC_ISSUER_URL: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    COOKIE_SECURE: boolFromEnv,
    TRUST_PROXY: z
      .string()
      .refine(isTrustProxyValue, {
        message: "must be true, false, or a comma-separated list of proxy addresses (IP, CIDR or loopback)",
      })
      .optional(),
    ADMIN_JWT_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { message: "must start with smtp:// or smtps://" })
      .optional(),
    MAIL_FROM: z.string().min(3).default("Pocketwise <hello@pocketwise.local>"),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc !== 0 && oidc !== 3) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER_URL"],
        message: "set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none of them",
      });
    }
  });

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string | null };
  /** Secures cookies when true; defaults to production only so plain-http localhost works. */
  cookieSecure: boolean;
  appOrigin: string | null;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | null;
  logLevel: string;
  /** Where the built client lives; null serves no client (API-only tests). */
  clientDir: string | null;
  /** Injectable clock so tests cross session expiry and month boundaries. */
  now: () => Date;
  /**
   * Whether the client's address is read from X-Forwarded-For (behind a reverse proxy): false, true,
   * or the proxies' addresses. Per-address rate limits depend on it.
   */
  trustProxy: boolean | string;
  /**
   * Signs staff tokens (HS256). Null means a random secret made at start: staff sign in again after
   * a restart, and several app instances would not accept each other's tokens.
   */
  adminJwtSecret: string | null;
  /** Automation e-mail: sent through this SMTP server, or written as .eml files to `outboxDir`. */
  mail: { smtpUrl: string | null; outboxDir: string; from: string };
}

const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** true, false, or addresses Fastify can trust; a hop count is refused since Fastify 5 ignores it. */
function isTrustProxyValue(value: string): boolean {
  if (value === "true" || value === "false") return true;
  return value.split(",").every((part) => {
    const entry = part.trim();
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address = "", bits, ...rest] = entry.split("/");
    if (rest.length || isIP(address) === 0) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
  });
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  return value;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset, as in most shells' `VAR= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "environment"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
    cookieSecure: present.COOKIE_SECURE ? e.COOKIE_SECURE : e.NODE_ENV === "production",
    appOrigin: e.APP_ORIGIN ? new URL(e.APP_ORIGIN).origin : null,
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : null,
    logLevel: e.LOG_LEVEL,
    clientDir: path.resolve("dist/client"),
    now: () => new Date(),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    adminJwtSecret: e.ADMIN_JWT_SECRET ?? null,
    mail: { smtpUrl: e.SMTP_URL ?? null, outboxDir: path.join(dataDir, "outbox"), from: e.MAIL_FROM },
  };
}
