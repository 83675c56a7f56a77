import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { StripeStandIn } from "../../src/server/test-support/stripe-stand-in";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface OwnServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The real product in a process of its own, on a fresh embedded database, with settings the shared journey
 * server does not have (payments, for one). The client is built already by the e2e global setup.
 */
export async function startOwnServer(extraEnv: NodeJS.ProcessEnv): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pw-e2e-own-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const server: ChildProcess = spawn(path.resolve("node_modules/.bin/tsx"), ["src/server/server.ts"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error("the server exited during start-up");
      try {
        const res = await fetch(`${baseUrl}/api/auth/user`);
        if (res.status === 401) break;
      } catch {}
      if (Date.now() > deadline) throw new Error("the server did not start within 120 s");
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (err) {
    server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server that takes payments through the local Stripe stand-in (src/server/test-support/stripe-stand-in.ts),
 * with the stand-in's hosted pages sending their signed events to this server's webhook.
 */
export async function startOwnServerWithStripe(stripe: StripeStandIn): Promise<OwnServer> {
  const config = stripe.config();
  const server = await startOwnServer({
    STRIPE_SECRET_KEY: config.secretKey,
    STRIPE_WEBHOOK_SECRET: config.webhookSecret,
    STRIPE_PRICE_FAMILY: config.prices.family,
    STRIPE_PRICE_PREMIUM: config.prices.premium,
    STRIPE_API_URL: stripe.url,
  });
  stripe.deliverTo(`${server.baseUrl}/api/billing/webhook`);
  return server;
}
