import path from "node:path";
import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("has working defaults for a plain `npm start`", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "development",
      port: 5000,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      database: { kind: "pglite", dataDir: path.resolve("./data/pglite") },
      cookieSecure: false,
      appOrigin: null,
      oidc: null,
      logLevel: "info",
      clientDir: path.resolve("dist/client"),
      adminJwtSecret: null,
      mail: {
        smtpUrl: null,
        outboxDir: path.resolve("./data/outbox"),
        from: "Pocketwise <hello@pocketwise.local>",
      },
    });
    expect(config.now()).toBeInstanceOf(Date);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/tmp/pw-data",
      DATABASE_URL: "postgres://u:p@db:5432/pocketwise",
      APP_ORIGIN: "https://app.pocketwise.test/some/path",
      OIDC_ISSUER_URL: "https://id.example.com",
      OIDC_CLIENT_ID: "pocketwise",
      OIDC_CLIENT_SECRET: "s3cret",
      LOG_LEVEL: "warn",
      ADMIN_JWT_SECRET: "a".repeat(32),
      SMTP_URL: "smtps://mailer:pw@smtp.example.com:465",
      MAIL_FROM: "Pocketwise <help@example.com>",
    });
    expect(config).toMatchObject({
      env: "production",
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/tmp/pw-data",
      database: { kind: "postgres", url: "postgres://u:p@db:5432/pocketwise" },
      cookieSecure: true,
      appOrigin: "https://app.pocketwise.test",
      oidc: { issuerUrl: "https://id.example.com", clientId: "pocketwise", clientSecret: "s3cret" },
      logLevel: "warn",
      adminJwtSecret: "a".repeat(32),
      mail: {
        smtpUrl: "smtps://mailer:pw@smtp.example.com:465",
        outboxDir: "/tmp/pw-data/outbox",
        from: "Pocketwise <help@example.com>",
      },
    });
  });

  it("secures cookies in production unless COOKIE_SECURE says otherwise, and the reverse", () => {
    expect(loadConfig({ NODE_ENV: "production" }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", COOKIE_SECURE: "false" }).cookieSecure).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", COOKIE_SECURE: "0" }).cookieSecure).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: "true" }).cookieSecure).toBe(true);
    expect(loadConfig({ COOKIE_SECURE: "1" }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).cookieSecure).toBe(false);
  });

  it("reads TRUST_PROXY as off, on, a hop count or a list of proxy addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe("10.0.0.0/8, 127.0.0.1");
    expect(loadConfig({ TRUST_PROXY: "loopback,::1,fd00::/8" }).trustProxy).toBe("loopback,::1,fd00::/8");
    // Fastify 5 ignores hop counts (it cannot check the nearest peer), so one is refused, not silently unsafe.
    for (const bad of ["2", "yes please", "10.0.0.0/33", "10.0.0", "10.0.0.1/8/2"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("treats an empty variable as unset", () => {
    const config = loadConfig({ PORT: "", DATABASE_URL: "", OIDC_ISSUER_URL: "", COOKIE_SECURE: "" });
    expect(config.port).toBe(5000);
    expect(config.database.kind).toBe("pglite");
    expect(config.oidc).toBeNull();
  });

  it("accepts postgresql:// as well as postgres://", () => {
    expect(loadConfig({ DATABASE_URL: "postgresql://localhost/pw" }).database).toEqual({
      kind: "postgres",
      url: "postgresql://localhost/pw",
    });
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "50.5" }, "PORT"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ DATABASE_URL: "mysql://localhost/pw" }, "DATABASE_URL: must start with postgres:// or postgresql://"],
    [{ APP_ORIGIN: "not a url" }, "APP_ORIGIN"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ COOKIE_SECURE: "yes" }, "COOKIE_SECURE"],
    [
      { OIDC_ISSUER_URL: "https://id.example.com" },
      "set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together",
    ],
    [{ OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }, "OIDC_ISSUER_URL"],
    [{ ADMIN_JWT_SECRET: "short" }, "ADMIN_JWT_SECRET: must be at least 32 characters"],
    [{ SMTP_URL: "http://smtp.example.com" }, "SMTP_URL: must start with smtp:// or smtps://"],
  ])("fails fast with a clear message for %j", (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/^Invalid configuration:\n/);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it("reads a VAPID key pair with its contact, or leaves the pair to the database", () => {
    const pair = webpush.generateVAPIDKeys();
    const env = {
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: "mailto:ops@example.com",
    };
    expect(loadConfig(env).vapid).toEqual({ ...pair, subject: "mailto:ops@example.com" });
    expect(loadConfig({}).vapid).toBeNull();
    const cases: [Record<string, string>, string][] = [
      [{ VAPID_PUBLIC_KEY: pair.publicKey }, "set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together"],
      [{ VAPID_SUBJECT: "mailto:ops@example.com" }, "VAPID_PUBLIC_KEY"],
      [
        { ...env, VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey },
        "is not the public key of VAPID_PRIVATE_KEY",
      ],
      [{ ...env, VAPID_PUBLIC_KEY: "abc" }, "VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key"],
      [{ ...env, VAPID_PRIVATE_KEY: `${pair.privateKey}=` }, "VAPID_PRIVATE_KEY: must be a P-256 private key"],
      [{ ...env, VAPID_SUBJECT: "ops@example.com" }, "VAPID_SUBJECT: must be a mailto: address or an https: URL"],
      [{ ...env, VAPID_SUBJECT: "http://example.com" }, "VAPID_SUBJECT: must be a mailto: address or an https: URL"],
    ];
    for (const [bad, expected] of cases) expect(() => loadConfig(bad), JSON.stringify(bad)).toThrow(expected);
  });

  it("reads Stripe's settings together, or takes no payments", () => {
    const env = {
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_PRICE_FAMILY: "price_fam",
      STRIPE_PRICE_PREMIUM: "price_pre",
    };
    expect(loadConfig(env).stripe).toEqual({
      secretKey: "sk_test_abc",
      webhookSecret: "whsec_abc",
      prices: { family: "price_fam", premium: "price_pre" },
      apiUrl: null,
    });
    expect(loadConfig({ ...env, STRIPE_API_URL: "http://127.0.0.1:9999" }).stripe?.apiUrl).toBe(
      "http://127.0.0.1:9999",
    );
    expect(loadConfig({}).stripe).toBeNull();
    const cases: [Record<string, string>, string][] = [
      [{ STRIPE_SECRET_KEY: "sk_test_abc" }, "set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_FAMILY and"],
      [{ ...env, STRIPE_SECRET_KEY: "pk_test_abc" }, "STRIPE_SECRET_KEY: must be a Stripe secret key"],
      [{ ...env, STRIPE_WEBHOOK_SECRET: "abc" }, "STRIPE_WEBHOOK_SECRET: must start with whsec_"],
      [{ ...env, STRIPE_PRICE_FAMILY: "prod_1" }, "STRIPE_PRICE_FAMILY: must be a Stripe price id"],
      [
        { ...env, STRIPE_API_URL: "http://127.0.0.1:9999", NODE_ENV: "production" },
        "STRIPE_API_URL: is for tests only",
      ],
    ];
    for (const [bad, expected] of cases) expect(() => loadConfig(bad), JSON.stringify(bad)).toThrow(expected);
  });

  it("lists every problem at once", () => {
    try {
      loadConfig({ PORT: "x", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toContain("PORT");
      expect((err as Error).message).toContain("LOG_LEVEL");
    }
  });
});
