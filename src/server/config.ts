import { createECDH } from "node:crypto";
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
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, {
        message: "must be an uncompressed P-256 public key: 65 bytes in URL-safe base64 without padding",
      })
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, {
        message: "must be a P-256 private key: 32 bytes in URL-safe base64 without padding",
      })
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: "must be a mailto: address or an https: URL" })
      .optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, {
        message: "must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)",
      })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, { message: "must start with whsec_" })
      .optional(),
    STRIPE_PRICE_FAMILY: z
      .string()
      .regex(/^price_\S+$/, { message: "must be a Stripe price id (price_...)" })
      .optional(),
    STRIPE_PRICE_PREMIUM: z
      .string()
      .regex(/^price_\S+$/, { message: "must be a Stripe price id (price_...)" })
      .optional(),
    /** Where the SDK sends its requests instead of api.stripe.com: a local stand-in, outside production only. */
    STRIPE_API_URL: z.url().optional(),
  })
  .superRefine((env, ctx) => {
    const stripe = [
      env.STRIPE_SECRET_KEY,
      env.STRIPE_WEBHOOK_SECRET,
      env.STRIPE_PRICE_FAMILY,
      env.STRIPE_PRICE_PREMIUM,
    ];
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message:
          "set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_FAMILY and STRIPE_PRICE_PREMIUM together, or none of them",
      });
    }
    if (env.STRIPE_API_URL && env.NODE_ENV === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_API_URL"],
        message: "is for tests only and refused in production",
      });
    }
    const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc !== 0 && oidc !== 3) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER_URL"],
        message: "set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none of them",
      });
    }
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter(Boolean).length;
    if (vapid !== 0 && vapid !== 3) {
      ctx.addIssue({
        code: "custom",
        path: ["VAPID_PUBLIC_KEY"],
        message: "set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together, or none of them",
      });
    } else if (
      env.VAPID_PUBLIC_KEY &&
      env.VAPID_PRIVATE_KEY &&
      !isVapidPair(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)
    ) {
      // A mismatched pair would start, then have every push service refuse every message.
      ctx.addIssue({
        code: "custom",
        path: ["VAPID_PUBLIC_KEY"],
        message: "is not the public key of VAPID_PRIVATE_KEY",
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
  /**
   * Web Push's VAPID key pair and contact (RFC 8292). Null means a pair made once and kept in the
   * database, shared by every instance, with a contact derived from APP_ORIGIN or MAIL_FROM.
   */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** Payments (docs/decisions/150); null: this server takes none, and staff set plans by hand. */
  stripe: StripeConfig | null;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: { family: string; premium: string };
  /** A local stand-in of Stripe's API (tests); null is api.stripe.com. */
  apiUrl: string | null;
}

function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    return ecdh.getPublicKey("base64url") === publicKey;
  } catch {
    return false;
  }
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
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
        : null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_FAMILY && e.STRIPE_PRICE_PREMIUM
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            prices: { family: e.STRIPE_PRICE_FAMILY, premium: e.STRIPE_PRICE_PREMIUM },
            apiUrl: e.STRIPE_API_URL ?? null,
          }
        : null,
  };
}
