import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error oidc-provider ships no type declarations; the few calls used here are typed below.
import ProviderModule from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";

/**
 * A real OpenID Connect provider (oidc-provider, with its development login and consent pages) on a
 * random port, and the app listening on another, signed in through Authorization Code + PKCE with
 * plain fetch and hand-followed redirects, as a browser would.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface ProviderInstance {
  callback(): Handler;
}
const Provider = ProviderModule as new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

const CLIENT_ID = "pocketwise";
const CLIENT_SECRET = "a-client-secret-long-enough-for-hs256-signing";

/** Accounts the provider knows: the account id typed on its login page picks one. */
const accounts: Record<string, Record<string, unknown>> = {
  alex: {
    email: "Alex.Doe@Example.com",
    email_verified: true,
    given_name: "Alex",
    family_name: "Doe",
    picture: "https://img.example.com/alex.png",
  },
  linked: { email: "linked@example.com", email_verified: true, given_name: "Lin", family_name: "Ked" },
  noemail: { given_name: "No", family_name: "Mail" },
  unverified: { email: "victim@example.com", email_verified: false, given_name: "Mal", family_name: "Lory" },
  fresh: { email: "fresh-unverified@example.com", given_name: "New", family_name: "Comer" },
};

let t: TestApp;
let providerServer: Server;
let issuer: string;
let appUrl: string;

beforeAll(async () => {
  // The provider must know the app's callback and the app the provider's address: take a port first.
  let handler: Handler = (_req, res) => res.writeHead(503).end();
  providerServer = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => providerServer.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;

  t = await createTestApp({ oidc: { issuerUrl: issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${appUrl}/api/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const claims = accounts[sub];
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "picture"],
    },
    pkce: { required: () => true },
    // Explicit lifetimes, so the provider does not print a notice for each default it uses.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    cookies: { keys: ["a-cookie-signing-key-for-the-test-provider"] },
    features: { devInteractions: { enabled: true } },
  });
  handler = provider.callback();
}, SLOW_START_MS);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => providerServer?.close(resolve));
}, SLOW_START_MS);

/** A tiny cookie jar per site, enough for a browser-like walk. */
class Jar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && new Date(a.split("=")[1] ?? "") < new Date());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get(name: string) {
    return this.cookies.get(name);
  }
}

interface Walk {
  appJar: Jar;
  /** The app's session cookie before the provider was visited (the anonymous one). */
  cookieBeforeProvider: string | undefined;
  /** Where the app finally sent the browser. */
  finalLocation: string;
  /** The URL the browser was sent to at the provider, as the app built it. */
  authorizationUrl: URL;
}

/**
 * Walks a browser from `startPath` on the app through the provider's login and consent pages back to
 * the app, and answers where it ended. `decide` may abort at the provider instead of signing in.
 */
async function signInThroughProvider(
  startPath: string,
  account: string,
  options: { abort?: boolean; appJar?: Jar; tamper?: (callback: URL) => URL } = {},
): Promise<Walk> {
  const appJar = options.appJar ?? new Jar();
  const providerJar = new Jar();
  let url = new URL(startPath, appUrl);
  let method = "GET";
  let body: string | undefined;
  let cookieBeforeProvider: string | undefined;
  let authorizationUrl: URL | undefined;

  for (let step = 0; step < 20; step++) {
    const atApp = url.origin === appUrl;
    const jar = atApp ? appJar : providerJar;
    if (atApp && url.pathname === "/api/callback" && options.tamper) url = options.tamper(url);
    const res = await fetch(url, {
      method,
      redirect: "manual",
      headers: {
        cookie: jar.header(),
        ...(body ? { "content-type": "application/x-www-form-urlencoded", origin: url.origin } : {}),
      },
      body,
    });
    jar.store(res);
    method = "GET";
    body = undefined;

    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get("location") ?? "", url);
      if (atApp && next.origin === issuer) {
        cookieBeforeProvider = appJar.get("pw_session");
        authorizationUrl = next;
      }
      if (atApp && next.origin === appUrl && url.pathname === "/api/callback") {
        if (!authorizationUrl) throw new Error("never reached the provider");
        return { appJar, cookieBeforeProvider, finalLocation: next.pathname + next.search, authorizationUrl };
      }
      url = next;
      continue;
    }

    const html = await res.text();
    if (res.status !== 200 || atApp) throw new Error(`unexpected ${res.status} at ${url}: ${html.slice(0, 300)}`);
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url}: ${html.slice(0, 300)}`);
    if (options.abort) {
      url = new URL(`${new URL(action, url).pathname}/abort`, url);
      continue;
    }
    url = new URL(action.replaceAll("&amp;", "&"), url);
    method = "POST";
    body = new URLSearchParams(
      prompt === "login" ? { prompt, login: account, password: "any password" } : { prompt },
    ).toString();
  }
  throw new Error("too many redirects");
}

const me = (cookie: string | undefined) =>
  fetch(`${appUrl}/api/auth/user`, { headers: cookie ? { cookie: `pw_session=${cookie}` } : {} });

describe("OpenID Connect sign-in (Authorization Code + PKCE)", () => {
  it("GET /api/login sends the browser to the provider with PKCE, state and the app's callback", async () => {
    const res = await fetch(`${appUrl}/api/login?mode=signup`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.origin).toBe(issuer);
    expect(location.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("redirect_uri")).toBe(`${appUrl}/api/callback`);
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("prompt")).toBe("login");
    // Nothing secret travels in the URL.
    expect(location.href).not.toContain(CLIENT_SECRET);
    expect(res.headers.getSetCookie().join()).toMatch(/pw_session=.+HttpOnly/i);
  });

  it("signs a new parent in and creates the account from the provider's profile", async () => {
    const walk = await signInThroughProvider("/api/login?returnTo=/parent", "alex");
    expect(walk.finalLocation).toBe("/parent");
    const cookie = walk.appJar.get("pw_session");
    expect(cookie).toBeTruthy();
    // The session id changes at sign-in, and the pre-sign-in one is not signed in.
    expect(cookie).not.toBe(walk.cookieBeforeProvider);
    expect((await me(walk.cookieBeforeProvider)).status).toBe(401);

    const res = await me(cookie);
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(user).toMatchObject({
      email: "alex.doe@example.com",
      firstName: "Alex",
      lastName: "Doe",
      profileImageUrl: "https://img.example.com/alex.png",
      subscriptionTier: "free",
    });
    const [row] = await t.database.query<{ oidc_subject: string; password_hash: string | null }>(
      "select oidc_subject, password_hash from users where id = $1",
      [user.id],
    );
    expect(row).toEqual({ oidc_subject: "alex", password_hash: null });

    // The signed-in parent can use the API.
    const children = await fetch(`${appUrl}/api/children`, { headers: { cookie: `pw_session=${cookie}` } });
    expect(children.status).toBe(200);
  });

  it("signs the same person in again as the same account", async () => {
    const first = await (await me((await signInThroughProvider("/api/login", "alex")).appJar.get("pw_session"))).json();
    const again = await signInThroughProvider("/api/login", "alex");
    expect(again.finalLocation).toBe("/");
    const user = await (await me(again.appJar.get("pw_session"))).json();
    expect(user.id).toBe(first.id);
    expect(await t.database.query("select id from users where oidc_subject = 'alex'")).toHaveLength(1);
  });

  it("links the provider to an existing local account with the same e-mail", async () => {
    const local = await signUpParent(t.app, { email: "linked@example.com" });
    const walk = await signInThroughProvider("/api/login", "linked");
    const user = await (await me(walk.appJar.get("pw_session"))).json();
    expect(user.id).toBe(local.user.id);
    expect(user).toMatchObject({ firstName: "Lin", lastName: "Ked" });
  });

  it("never joins an unverified provider address to an existing account", async () => {
    const victim = await signUpParent(t.app, { email: "victim@example.com" });
    const walk = await signInThroughProvider("/api/login", "unverified");
    expect(walk.finalLocation).toBe("/signin?error=provider");
    expect(walk.appJar.get("pw_session")).toBeUndefined();
    const [row] = await t.database.query<{ oidc_subject: string | null; first_name: string }>(
      "select oidc_subject, first_name from users where id = $1",
      [victim.user.id],
    );
    expect(row).toEqual({ oidc_subject: null, first_name: "Pat" });
  });

  it("creates an account for an unverified address that no account uses", async () => {
    const walk = await signInThroughProvider("/api/login", "fresh");
    expect(walk.finalLocation).toBe("/");
    expect((await (await me(walk.appJar.get("pw_session"))).json()).email).toBe("fresh-unverified@example.com");
  });

  it("never returns to another site after sign-in", async () => {
    for (const returnTo of ["//evil.com", "https://evil.com/x"]) {
      const walk = await signInThroughProvider(`/api/login?returnTo=${encodeURIComponent(returnTo)}`, "alex");
      expect(walk.finalLocation).toBe("/");
    }
  });

  it("refuses a provider account without an e-mail address and signs nobody in", async () => {
    const walk = await signInThroughProvider("/api/login", "noemail");
    expect(walk.finalLocation).toBe("/signin?error=provider");
    expect(walk.appJar.get("pw_session")).toBeUndefined();
    expect(await t.database.query("select id from users where oidc_subject = 'noemail'")).toHaveLength(0);
  });

  it("sends the browser back to the sign-in screen when the person cancels at the provider", async () => {
    const walk = await signInThroughProvider("/api/login", "alex", { abort: true });
    expect(walk.finalLocation).toBe("/signin?error=provider");
    expect(walk.appJar.get("pw_session")).toBeUndefined();
  });

  it("refuses a callback whose state does not match (a forged or replayed answer)", async () => {
    const walk = await signInThroughProvider("/api/login", "alex", {
      tamper: (callback) => {
        const forged = new URL(callback);
        forged.searchParams.set("state", "forged-state");
        return forged;
      },
    });
    expect(walk.finalLocation).toBe("/signin?error=provider");
    expect(walk.appJar.get("pw_session")).toBeUndefined();
  });

  it("with APP_ORIGIN set, registers the public address as the callback", async () => {
    const behindProxy = await buildApp(
      {
        cookieSecure: true,
        appOrigin: "https://app.pocketwise.test",
        oidc: { issuerUrl: issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
        clientDir: null,
        now: t.clock.now,
      },
      t.database,
    );
    await behindProxy.ready();
    try {
      const res = await behindProxy.inject({ method: "GET", url: "/api/login", headers: { host: "10.0.0.5:5000" } });
      expect(res.statusCode).toBe(302);
      const location = new URL(String(res.headers.location));
      expect(location.searchParams.get("redirect_uri")).toBe("https://app.pocketwise.test/api/callback");
    } finally {
      await behindProxy.close();
    }
  });

  it("sends the browser to the sign-in screen when the provider cannot be reached", async () => {
    const down = await buildApp(
      {
        cookieSecure: false,
        appOrigin: null,
        oidc: { issuerUrl: "http://127.0.0.1:9/unreachable", clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
        clientDir: null,
        now: t.clock.now,
      },
      t.database,
    );
    await down.ready();
    try {
      const res = await down.inject({ method: "GET", url: "/api/login" });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/signin?error=provider");
      expect(res.headers["set-cookie"]).toBeUndefined();
    } finally {
      await down.close();
    }
  });

  it("answers a callback without a sign-in in progress by starting one", async () => {
    const res = await fetch(`${appUrl}/api/callback?code=abc&state=def`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/api/login");
  });

  it("does not accept the same authorization code twice", async () => {
    let callback: URL | undefined;
    const walk = await signInThroughProvider("/api/login", "alex", {
      tamper: (url) => {
        callback = url;
        return url;
      },
    });
    expect(walk.finalLocation).toBe("/");
    // Replay the same callback with a fresh sign-in in progress: the code is spent.
    const jar = new Jar();
    const start = await fetch(`${appUrl}/api/login`, { redirect: "manual" });
    jar.store(start);
    const replay = await fetch(callback as URL, { redirect: "manual", headers: { cookie: jar.header() } });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/signin?error=provider");
  });
});
