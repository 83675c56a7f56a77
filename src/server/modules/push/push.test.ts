import { createECDH, createPublicKey, type ECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { PUSH_ADDRESS_NOT_ALLOWED, type PushMessage } from "../../../shared/schemas/push";
import { buildApp } from "../../app";
import { pushSubscriptions } from "../../db/schema";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";
import { MAX_DEVICES_PER_USER, MAX_PAYLOAD_BYTES, MAX_TTL_SECONDS, sendPush } from "./push.service";

/** The decrypting half of RFC 8188, from the package web-push itself encrypts with. */
const ece = createRequire(createRequire(import.meta.url).resolve("web-push"))("http_ece") as {
  decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer;
};

let t: TestApp;
let production: TestApp;
beforeAll(async () => {
  [t, production] = await Promise.all([createTestApp(), createTestApp({ env: "production" })]);
}, SLOW_START_MS);
afterAll(async () => {
  await Promise.all([t?.close(), production?.close()]);
}, SLOW_START_MS);

/** What a browser's PushManager makes: a P-256 key pair whose public half it sends, and a 16-byte secret. */
function deviceKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, keys: { p256dh: ecdh.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") } };
}

const subscribeAs = (app: TestApp["app"], cookie: string, payload: unknown) =>
  app.inject({ method: "POST", url: "/api/push/subscriptions", headers: { cookie }, payload: payload as object });
const unsubscribeAs = (app: TestApp["app"], cookie: string, endpoint: string) =>
  app.inject({ method: "DELETE", url: "/api/push/subscriptions", headers: { cookie }, payload: { endpoint } });
const ownerOf = async (app: TestApp["app"], endpoint: string) => {
  const [row] = await app.database.db
    .select({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row?.userId ?? null;
};

describe("GET /api/push/key", () => {
  it("answers the same public key to every instance on the database, made once by whichever asked first", async () => {
    const parent = await signUpParent(t.app);
    // A second instance on the same database, started with the first and asking at the same moment.
    const second = await buildApp(
      { cookieSecure: false, appOrigin: null, oidc: null, clientDir: null, now: t.clock.now },
      t.database,
    );
    await second.ready();
    try {
      const [a, b] = await Promise.all(
        [t.app, second].map((app) =>
          app.inject({ method: "GET", url: "/api/push/key", headers: { cookie: parent.cookie } }),
        ),
      );
      expect(a?.statusCode).toBe(200);
      expect(a?.json().publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
      expect(b?.json()).toEqual(a?.json());
      const kept = await t.database.query<{ n: number }>(
        "select count(*)::int as n from server_secrets where name = 'vapid'",
      );
      expect(kept[0]?.n).toBe(1);
    } finally {
      await second.close();
    }
  });

  it("answers the configured key when VAPID_* are set", async () => {
    const pair = webpush.generateVAPIDKeys();
    const configured = await createTestApp({ vapid: { ...pair, subject: "mailto:ops@example.com" } });
    try {
      const parent = await signUpParent(configured.app);
      const res = await configured.app.inject({
        method: "GET",
        url: "/api/push/key",
        headers: { cookie: parent.cookie },
      });
      expect(res.json()).toEqual({ publicKey: pair.publicKey });
    } finally {
      await configured.close();
    }
  });

  it("is for signed-in adults: 401 for a visitor, 403 for a child", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/push/key" })).statusCode).toBe(401);
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie, { age: 14 });
    const childCookie = await signInChild(t.app, parent.cookie, child.id);
    const res = await t.app.inject({ method: "GET", url: "/api/push/key", headers: { cookie: childCookie } });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST and DELETE /api/push/subscriptions", () => {
  const endpoint = (name: string) => `https://push.example.net/${name}-${randomBytes(4).toString("hex")}`;
  // Literal addresses: the rules are checked without depending on this machine's resolver.
  const publicEndpoint = (name: string) => `https://8.8.8.8/${name}-${randomBytes(4).toString("hex")}`;

  it("saves this device's subscription for the signed-in adult and answers 201 without its keys", async () => {
    const parent = await signUpParent(t.app);
    const url = publicEndpoint("device");
    const res = await subscribeAs(t.app, parent.cookie, { endpoint: url, keys: deviceKeys().keys });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      endpoint: url,
      createdAt: expect.any(String),
      lastSuccessAt: null,
    });
    expect(await ownerOf(t.app, url)).toBe(parent.user.id);
  });

  it.each([
    ["no body fields", {}, ["endpoint", "keys"]],
    ["an empty endpoint", { endpoint: " ", keys: deviceKeys().keys }, ["endpoint"]],
    ["an endpoint that is no URL", { endpoint: "push service", keys: deviceKeys().keys }, ["endpoint"]],
    ["an endpoint of another scheme", { endpoint: "ftp://8.8.8.8/x", keys: deviceKeys().keys }, ["endpoint"]],
    [
      "an endpoint over 2048 characters",
      { endpoint: `https://8.8.8.8/${"a".repeat(2048)}`, keys: deviceKeys().keys },
      ["endpoint"],
    ],
    ["no keys", { endpoint: "https://8.8.8.8/x" }, ["keys"]],
    [
      "a short p256dh",
      { endpoint: "https://8.8.8.8/x", keys: { ...deviceKeys().keys, p256dh: "BAAA" } },
      ["keys.p256dh"],
    ],
    [
      "a compressed p256dh",
      { endpoint: "https://8.8.8.8/x", keys: { ...deviceKeys().keys, p256dh: `A${"A".repeat(43)}` } },
      ["keys.p256dh"],
    ],
    [
      "an auth of 8 bytes",
      { endpoint: "https://8.8.8.8/x", keys: { ...deviceKeys().keys, auth: "AAAAAAAAAAA" } },
      ["keys.auth"],
    ],
  ])("answers 400 with field messages for %s", async (_name, payload, fields) => {
    const parent = await signUpParent(t.app);
    const res = await subscribeAs(t.app, parent.cookie, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: { field: string; message: string }[] };
    expect(body.errors.map((e) => e.field).sort()).toEqual(fields);
    expect(body.message).toBe(body.errors.map((e) => e.message).join("; "));
  });

  it("answers 400 for a p256dh of the right shape that is no point on P-256", async () => {
    const parent = await signUpParent(t.app);
    const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xff)]).toString("base64url");
    const res = await subscribeAs(t.app, parent.cookie, {
      endpoint: publicEndpoint("bad-point"),
      keys: { ...deviceKeys().keys, p256dh },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "keys.p256dh", message: "p256dh must be a P-256 public key (65 bytes, URL-safe base64)" },
    ]);
  });

  it.each([
    "https://localhost/push",
    "https://127.0.0.1:8443/push",
    "http://127.0.0.1:8080/push",
    "https://[::1]/push",
    "https://[::ffff:127.0.0.1]/push",
    "https://2130706433/push",
    "https://10.1.2.3/push",
    "https://172.16.0.9/push",
    "https://192.168.1.20/push",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/push",
    "https://[fd00::1]/push",
    "https://[fe80::1]/push",
    "https://0.0.0.0/push",
    "https://224.0.0.1/push",
    "http://8.8.8.8/push",
  ])("refuses %s in production with 400 'This push address is not allowed'", async (url) => {
    const parent = await signUpParent(production.app);
    const res = await subscribeAs(production.app, parent.cookie, { endpoint: url, keys: deviceKeys().keys });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: PUSH_ADDRESS_NOT_ALLOWED,
      errors: [{ field: "endpoint", message: PUSH_ADDRESS_NOT_ALLOWED }],
    });
    expect(await ownerOf(production.app, url)).toBeNull();
  });

  it("allows a loopback push service outside production, over http too, and nothing else private", async () => {
    const parent = await signUpParent(t.app);
    const loopback = await subscribeAs(t.app, parent.cookie, {
      endpoint: "http://127.0.0.1:9/push/test",
      keys: deviceKeys().keys,
    });
    expect(loopback.statusCode).toBe(201);
    for (const url of ["https://10.1.2.3/push", "https://169.254.169.254/x", "http://8.8.8.8/push"]) {
      const res = await subscribeAs(t.app, parent.cookie, { endpoint: url, keys: deviceKeys().keys });
      expect(res.json().message, url).toBe(PUSH_ADDRESS_NOT_ALLOWED);
    }
  });

  it("gives an endpoint to the adult who turned it on last, with the keys they sent", async () => {
    const first = await signUpParent(t.app);
    const second = await signUpParent(t.app);
    const url = publicEndpoint("shared-browser");
    expect((await subscribeAs(t.app, first.cookie, { endpoint: url, keys: deviceKeys().keys })).statusCode).toBe(201);
    const { keys } = deviceKeys();
    expect((await subscribeAs(t.app, second.cookie, { endpoint: url, keys })).statusCode).toBe(201);
    const rows = await t.app.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: second.user.id, p256dh: keys.p256dh, auth: keys.auth });
  });

  it(`keeps an adult's ${MAX_DEVICES_PER_USER} newest devices`, async () => {
    const parent = await signUpParent(t.app);
    const urls = Array.from({ length: MAX_DEVICES_PER_USER + 2 }, (_, i) => publicEndpoint(`device-${i}`));
    for (const url of urls) {
      expect((await subscribeAs(t.app, parent.cookie, { endpoint: url, keys: deviceKeys().keys })).statusCode).toBe(
        201,
      );
      t.clock.advance(1000);
    }
    const kept = await t.app.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, parent.user.id));
    expect(kept.map((r) => r.endpoint).sort()).toEqual(urls.slice(2).sort());
  });

  it("removes only the caller's own subscription and answers 204 either way", async () => {
    const owner = await signUpParent(t.app);
    const other = await signUpParent(t.app);
    const url = publicEndpoint("mine");
    await subscribeAs(t.app, owner.cookie, { endpoint: url, keys: deviceKeys().keys });

    const byOther = await unsubscribeAs(t.app, other.cookie, url);
    expect(byOther.statusCode).toBe(204);
    expect(await ownerOf(t.app, url)).toBe(owner.user.id);

    const byOwner = await unsubscribeAs(t.app, owner.cookie, url);
    expect(byOwner.statusCode).toBe(204);
    expect(byOwner.body).toBe("");
    expect(await ownerOf(t.app, url)).toBeNull();
    expect((await unsubscribeAs(t.app, owner.cookie, url)).statusCode).toBe(204);
  });

  it("validates the endpoint to remove and is for signed-in adults only", async () => {
    const parent = await signUpParent(t.app);
    const bad = await t.app.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      headers: { cookie: parent.cookie },
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: "endpoint", message: "Endpoint is required" }]);
    const visitor = await t.app.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: endpoint("x") },
    });
    expect(visitor.statusCode).toBe(401);
    const child = await addChild(t.app, parent.cookie, { age: 14 });
    const childCookie = await signInChild(t.app, parent.cookie, child.id);
    const res = await subscribeAs(t.app, childCookie, { endpoint: publicEndpoint("kid"), keys: deviceKeys().keys });
    expect(res.statusCode).toBe(403);
  });
});

/**
 * A push service as RFC 8030 §5 describes one, on 127.0.0.1: it takes a POSTed message for a subscription
 * and answers 201 Created. A path ending in /gone answers 410 and /missing 404, as a push service does for
 * a subscription the browser dropped (§7.3); /busy answers 429, a refusal that is no verdict on the device.
 */
async function startPushService() {
  const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const status = path.endsWith("/gone")
        ? 410
        : path.endsWith("/missing")
          ? 404
          : path.endsWith("/busy")
            ? 429
            : 201;
      res.writeHead(status, status === 201 ? { Location: `${path}/message/1` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An address on which nothing listens: a port taken and let go again. */
async function deadOrigin() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe("sendPush", () => {
  let service: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(async () => {
    await service?.close();
  });

  const message: PushMessage = {
    title: "Maya wants to buy 2 things",
    body: "Toy Shop · $12.50",
    url: "/decide/tok-page",
    tag: "cart-1234",
    actions: [
      { action: "approve", title: "Approve", decideUrl: "/api/decide/tok-approve", url: "/decide/tok-approve" },
      { action: "decline", title: "Decline", decideUrl: "/api/decide/tok-decline", url: "/decide/tok-decline" },
    ],
  };

  async function subscribedDevice(app: TestApp["app"], cookie: string, path: string) {
    const device = deviceKeys();
    const endpoint = `${service.origin}${path}`;
    const res = await subscribeAs(app, cookie, { endpoint, keys: device.keys });
    expect(res.statusCode).toBe(201);
    return { ...device, endpoint };
  }
  const receivedAt = (endpoint: string) => service.received.filter((r) => endpoint.endsWith(r.path));

  it("encrypts the message for the device (aes128gcm), signs it with the VAPID key and caps its TTL", async () => {
    const parent = await signUpParent(t.app);
    const device = await subscribedDevice(t.app, parent.cookie, `/push/${randomBytes(6).toString("hex")}`);

    const result = await sendPush(t.app, parent.user.id, message, { ttlSeconds: 3600.9, urgency: "high" });
    expect(result).toEqual({ sent: 1, removed: 0, failed: 0 });

    const [request] = receivedAt(device.endpoint);
    if (!request) throw new Error("the push service received nothing");
    expect(request.headers).toMatchObject({
      ttl: "3600",
      urgency: "high",
      "content-encoding": "aes128gcm",
      "content-type": "application/octet-stream",
    });
    expect(request.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const plaintext = ece.decrypt(request.body, {
      version: "aes128gcm",
      privateKey: device.ecdh,
      authSecret: device.keys.auth,
    });
    expect(JSON.parse(plaintext.toString("utf8"))).toEqual(message);

    // RFC 8292: "vapid t=<JWT signed with the server's key>, k=<that public key>", for this push service.
    const { publicKey } = (
      await t.app.inject({ method: "GET", url: "/api/push/key", headers: { cookie: parent.cookie } })
    ).json() as { publicKey: string };
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(request.headers.authorization ?? "");
    expect(match?.[2]).toBe(publicKey);
    const point = Buffer.from(publicKey, "base64url");
    const key = createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
    const { payload, protectedHeader } = await jwtVerify(match?.[1] ?? "", key, { audience: service.origin });
    expect(protectedHeader.alg).toBe("ES256");
    expect(payload.sub).toBe("mailto:hello@pocketwise.local");
    expect(payload.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 60 * 60);

    const [row] = await t.app.database.db
      .select({ lastSuccessAt: pushSubscriptions.lastSuccessAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row?.lastSuccessAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it("deletes a subscription its push service calls gone (410, 404), keeps one refused for now, and never throws for one device", async () => {
    const parent = await signUpParent(t.app);
    const id = randomBytes(6).toString("hex");
    const ok = await subscribedDevice(t.app, parent.cookie, `/push/${id}/ok`);
    const gone = await subscribedDevice(t.app, parent.cookie, `/push/${id}/gone`);
    const missing = await subscribedDevice(t.app, parent.cookie, `/push/${id}/missing`);
    const busy = await subscribedDevice(t.app, parent.cookie, `/push/${id}/busy`);
    // Written past the API: one device whose push service is down, one on an address the rules refuse.
    const down = `${await deadOrigin()}/push/${id}/down`;
    const privateAddress = `https://10.20.30.40/push/${id}/private`;
    for (const endpoint of [down, privateAddress]) {
      await t.app.database.db
        .insert(pushSubscriptions)
        .values({ userId: parent.user.id, endpoint, ...deviceKeys().keys });
    }

    const result = await sendPush(t.app, parent.user.id, message, { ttlSeconds: 600 });
    expect(result).toEqual({ sent: 1, removed: 2, failed: 3 });
    const left = await t.app.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, parent.user.id));
    expect(left.map((r) => r.endpoint).sort()).toEqual([busy.endpoint, down, ok.endpoint, privateAddress].sort());
    expect(receivedAt(gone.endpoint)).toHaveLength(1);
    expect(receivedAt(missing.endpoint)).toHaveLength(1);
  });

  it("refuses at send time an address the rules refuse, without connecting to it", async () => {
    const parent = await signUpParent(production.app);
    const endpoint = `${service.origin}/push/${randomBytes(6).toString("hex")}/production`;
    // Made while the rules allowed it (or before they changed): production's rules still hold at send time.
    await production.app.database.db
      .insert(pushSubscriptions)
      .values({ userId: parent.user.id, endpoint, ...deviceKeys().keys });
    expect(await sendPush(production.app, parent.user.id, message, { ttlSeconds: 60 })).toEqual({
      sent: 0,
      removed: 0,
      failed: 1,
    });
    expect(receivedAt(endpoint)).toHaveLength(0);
  });

  it("holds a TTL to 0 .. 28 days, and sends nothing to an adult with no devices", async () => {
    const parent = await signUpParent(t.app);
    const device = await subscribedDevice(t.app, parent.cookie, `/push/${randomBytes(6).toString("hex")}`);
    await sendPush(t.app, parent.user.id, message, { ttlSeconds: -5 });
    await sendPush(t.app, parent.user.id, message, { ttlSeconds: 365 * 24 * 60 * 60 });
    expect(receivedAt(device.endpoint).map((r) => r.headers.ttl)).toEqual(["0", String(MAX_TTL_SECONDS)]);
    const nobody = await signUpParent(t.app);
    expect(await sendPush(t.app, nobody.user.id, message, { ttlSeconds: 60 })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
  });

  it("shortens a body too long for one record, never the title or the links", async () => {
    const parent = await signUpParent(t.app);
    const device = await subscribedDevice(t.app, parent.cookie, `/push/${randomBytes(6).toString("hex")}`);
    const long = { ...message, body: "Ünïcödé 🎁 ".repeat(600) };
    expect(await sendPush(t.app, parent.user.id, long, { ttlSeconds: 60 })).toMatchObject({ sent: 1 });
    const [request] = receivedAt(device.endpoint);
    if (!request) throw new Error("the push service received nothing");
    const plaintext = ece.decrypt(request.body, {
      version: "aes128gcm",
      privateKey: device.ecdh,
      authSecret: device.keys.auth,
    });
    expect(plaintext.length).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const shown = JSON.parse(plaintext.toString("utf8")) as PushMessage;
    expect(shown).toMatchObject({ title: long.title, url: long.url, actions: long.actions });
    expect(shown.body.endsWith("…")).toBe(true);
    expect(long.body.startsWith(shown.body.slice(0, -1))).toBe(true);
  });
});
