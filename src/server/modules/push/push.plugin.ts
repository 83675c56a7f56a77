import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import webpush from "web-push";
import type { Config } from "../../config";
import type { AddressPolicy } from "../../lib/public-address";
import { sharedSecret } from "../../lib/server-secrets";

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface Push {
  /** The key pair every instance signs with: the configured one, or the one kept in the database. */
  vapid(): Promise<VapidDetails>;
  /** Which push endpoints the server may reach (docs/decisions/132). */
  addressPolicy: AddressPolicy;
}

declare module "fastify" {
  interface FastifyInstance {
    push: Push;
  }
}

export interface PushOptions {
  vapid: Config["vapid"];
  appOrigin: string | null;
  mailFrom: string | undefined;
  /** Outside production a test may run its push service on this machine. */
  allowLoopback: boolean;
}

const VAPID_SECRET = "vapid";

/**
 * RFC 8292 §2.1: the contact a push service can reach the sender at. The site itself when it is served
 * over https, otherwise the address our e-mail comes from.
 */
function defaultVapidSubject(appOrigin: string | null, mailFrom: string | undefined): string {
  if (appOrigin?.startsWith("https://")) return appOrigin;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom ?? "")?.[1] ?? /^[^<>\s]+@[^<>\s]+$/.exec(mailFrom ?? "")?.[0];
  return `mailto:${address ?? "hello@pocketwise.local"}`;
}

/**
 * Web Push for the whole app: sendPush (push.service.ts) and the routes read the key and the address
 * rules from here. Without configured keys the pair is made on first use and kept in server_secrets,
 * so a subscription made through one instance works from all.
 */
export default fp(
  async function pushPlugin(app: FastifyInstance, opts: PushOptions) {
    let loading: Promise<VapidDetails> | null = null;
    const load = async (): Promise<VapidDetails> => {
      if (opts.vapid) return opts.vapid;
      const pair = await sharedSecret(app.database.db, VAPID_SECRET, () => {
        const { publicKey, privateKey } = webpush.generateVAPIDKeys();
        return { publicKey, privateKey };
      });
      return { subject: defaultVapidSubject(opts.appOrigin, opts.mailFrom), ...pair };
    };
    app.decorate("push", {
      vapid() {
        // A failed read is tried again by the next caller rather than remembered.
        loading ??= load().catch((err) => {
          loading = null;
          throw err;
        });
        return loading;
      },
      addressPolicy: { allowLoopback: opts.allowLoopback },
    } satisfies Push);
  },
  { name: "push" },
);
