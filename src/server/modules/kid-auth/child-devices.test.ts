import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sha256 } from "../../lib/tokens";
import {
  addChild,
  cookieFrom,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

/* docs/product-contract.md "Asking from the store", child devices; docs/decisions/147. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);
beforeEach(() => {
  t.clock.set("2026-05-10T12:00:00Z");
});

const DAY = 24 * 60 * 60 * 1000;
const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FOREIGN = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";

let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.78.${Math.floor(address / 250)}.${address % 250}`;
};

async function family() {
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "family");
  const child = await addChild(t.app, parent.cookie, { name: "Maya", age: 13 });
  return { parent, child };
}

async function code(parentCookie: string, childId: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/children/${childId}/login-code`,
    headers: { cookie: parentCookie },
  });
  return res.json().code;
}

const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/kid/login", payload, headers, remoteAddress: nextAddress() });

async function extensionToken(parentCookie: string, childId: string, deviceName = "Chrome on the family laptop") {
  const res = await login({ code: await code(parentCookie, childId), device: "extension", deviceName });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const asBearer = (token: string, method: "GET" | "POST", url: string, payload?: unknown, origin = FOREIGN) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, origin },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const devices = (cookie: string, childId: string) =>
  t.app.inject({ method: "GET", url: `/api/children/${childId}/devices`, headers: { cookie } });
const forget = (cookie: string, childId: string, deviceId: string) =>
  t.app.inject({ method: "DELETE", url: `/api/children/${childId}/devices/${deviceId}`, headers: { cookie } });
const deviceTimes = (childId: string) =>
  t.database.query<{ last_used_at: Date; expires_at: Date }>(
    "select last_used_at, expires_at from child_devices where child_id = $1",
    [childId],
  );
const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/kid/me", headers: { cookie } });

const cart = {
  retailer: "Bike Shop",
  items: [{ name: "Bell", price: "4.00", quantity: 1, url: "https://shop.example/bell" }],
};

describe("remember: true on a child's sign-in", () => {
  it("keeps the session 30 days on that browser, renewed by use, and lists it under the browser's name", async () => {
    const { parent, child } = await family();
    const res = await login(
      { code: await code(parent.cookie, child.id), remember: true },
      { "user-agent": CHROME_ON_WINDOWS },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().child.id).toBe(child.id);
    const setCookie = [res.headers["set-cookie"]].flat().join("\n");
    expect(setCookie).toMatch(/pw_session=[^;]+;.*Max-Age=2592000/);
    expect(setCookie).toMatch(/HttpOnly/);
    const kid = cookieFrom(res);

    const listed = (await devices(parent.cookie, child.id)).json();
    expect(listed).toEqual([
      {
        id: expect.any(String),
        kind: "browser",
        name: "Chrome on Windows",
        lastUsedAt: "2026-05-10T12:00:00.000Z",
        expiresAt: "2026-06-09T12:00:00.000Z",
        createdAt: "2026-05-10T12:00:00.000Z",
      },
    ]);

    t.clock.advance(20 * DAY);
    expect((await me(kid)).statusCode).toBe(200);
    t.clock.advance(20 * DAY);
    const renewing = await me(kid);
    expect(renewing.statusCode).toBe(200);
    // The browser's cookie is renewed with the session, or it would end 30 days after signing in.
    expect([renewing.headers["set-cookie"]].flat().join("\n")).toMatch(/Max-Age=2592000/);
    expect(await deviceTimes(child.id)).toEqual([
      { last_used_at: new Date("2026-06-19T12:00:00.000Z"), expires_at: new Date("2026-07-19T12:00:00.000Z") },
    ]);

    t.clock.advance(31 * DAY);
    expect((await me(kid)).statusCode).toBe(401);
  });

  it("leaves an ordinary child session at 30 idle minutes, with no device listed", async () => {
    const { parent, child } = await family();
    const kid = await signInChild(t.app, parent.cookie, child.id);
    expect((await devices(parent.cookie, child.id)).json()).toEqual([]);
    t.clock.advance(31 * 60 * 1000);
    expect((await me(kid)).statusCode).toBe(401);
  });

  it("ends at once when the parent removes the device", async () => {
    const { parent, child } = await family();
    const kid = cookieFrom(await login({ code: await code(parent.cookie, child.id), remember: true }));
    const [device] = (await devices(parent.cookie, child.id)).json();
    const res = await forget(parent.cookie, child.id, device.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await me(kid)).statusCode).toBe(401);
    expect((await forget(parent.cookie, child.id, device.id)).statusCode).toBe(404);
  });
});

describe('device: "extension" on a child\'s sign-in', () => {
  it("answers a bearer token for that child, kept only as its SHA-256, and starts no cookie session", async () => {
    const { parent, child } = await family();
    const res = await login({
      code: await code(parent.cookie, child.id),
      device: "extension",
      deviceName: "Our laptop",
    });
    expect(res.statusCode).toBe(200);
    const { token, child: answered } = res.json();
    expect(token).toMatch(/^pwc_[A-Za-z0-9_-]{43}$/);
    expect(answered.id).toBe(child.id);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const rows = await t.database.query<{ token_hash: string; kind: string; name: string }>(
      "select token_hash, kind, name from child_devices where child_id = $1",
      [child.id],
    );
    expect(rows).toEqual([{ token_hash: sha256(token), kind: "extension", name: "Our laptop" }]);
  });

  it("signs in from the extension's own origin, while a cookie sign-in from another origin is refused", async () => {
    const { parent, child } = await family();
    const cookieLogin = await login({ code: await code(parent.cookie, child.id) }, { origin: FOREIGN });
    expect(cookieLogin.statusCode).toBe(403);
    expect(cookieLogin.json()).toEqual({ message: "Cross-origin request refused" });
    expect(cookieLogin.headers["set-cookie"]).toBeUndefined();
    const res = await login({ code: await code(parent.cookie, child.id), device: "extension" }, { origin: FOREIGN });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^pwc_/);
  });

  it("is judged like the child's session from any Origin: it reads the child and submits a cart", async () => {
    const { parent, child } = await family();
    const token = await extensionToken(parent.cookie, child.id);
    const who = await asBearer(token, "GET", "/api/kid/me");
    expect(who.statusCode).toBe(200);
    expect(who.json().child.id).toBe(child.id);
    const sent = await asBearer(token, "POST", `/api/children/${child.id}/carts`, cart);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ childId: child.id, retailer: "Bike Shop" });
  });

  it("reaches only its own child, as its session does: a sibling or another family 403, a parent's route 403", async () => {
    const { parent, child } = await family();
    const sibling = await addChild(t.app, parent.cookie, { name: "Leo", age: 13 });
    const other = await family();
    const token = await extensionToken(parent.cookie, child.id);
    expect((await asBearer(token, "POST", `/api/children/${sibling.id}/carts`, cart)).statusCode).toBe(403);
    expect((await asBearer(token, "POST", `/api/children/${other.child.id}/carts`, cart)).statusCode).toBe(403);
    expect((await asBearer(token, "GET", `/api/children/${child.id}/devices`)).statusCode).toBe(403);
  });

  it("reads no cookie beside it: an unknown token is 401 even with a parent's cookie", async () => {
    const { parent } = await family();
    const res = await t.app.inject({
      method: "GET",
      url: "/api/children",
      headers: { authorization: "Bearer pwc_not-a-token", cookie: parent.cookie },
    });
    expect(res.statusCode).toBe(401);
  });

  it("keeps the origin guard for cookies: a foreign Origin with a child's cookie is still refused", async () => {
    const { parent, child } = await family();
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/children/${child.id}/carts`,
      headers: { cookie: kid, origin: "https://evil.example" },
      payload: cart,
    });
    expect(res.statusCode).toBe(403);
  });

  it("lasts 30 days renewed by use, and ends at once when the parent removes it", async () => {
    const { parent, child } = await family();
    const token = await extensionToken(parent.cookie, child.id);
    t.clock.advance(29 * DAY);
    expect((await asBearer(token, "GET", "/api/kid/me")).statusCode).toBe(200);
    t.clock.advance(29 * DAY);
    expect((await asBearer(token, "GET", "/api/kid/me")).statusCode).toBe(200);
    expect(await deviceTimes(child.id)).toEqual([
      { last_used_at: new Date("2026-07-07T12:00:00.000Z"), expires_at: new Date("2026-08-06T12:00:00.000Z") },
    ]);
    // The parent's own session idled out meanwhile; they sign in again to remove the device.
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: parent.email, password: parent.password },
      remoteAddress: nextAddress(),
    });
    const parentCookie = cookieFrom(signedIn);
    const [device] = (await devices(parentCookie, child.id)).json();
    expect(device).toMatchObject({ kind: "extension", name: "Chrome on the family laptop" });
    expect((await forget(parentCookie, child.id, device.id)).statusCode).toBe(204);
    expect((await asBearer(token, "GET", "/api/kid/me")).statusCode).toBe(401);
  });

  it("expires after 30 days without use", async () => {
    const { parent, child } = await family();
    const token = await extensionToken(parent.cookie, child.id);
    t.clock.advance(30 * DAY + 1000);
    expect((await asBearer(token, "GET", "/api/kid/me")).statusCode).toBe(401);
  });

  it("ends with the child: deleting the child ends its tokens", async () => {
    const { parent, child } = await family();
    const token = await extensionToken(parent.cookie, child.id);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/children/${child.id}`,
      headers: { cookie: parent.cookie },
    });
    expect(del.statusCode).toBe(204);
    expect((await asBearer(token, "GET", "/api/kid/me")).statusCode).toBe(401);
  });

  it("refuses a bad request with field messages and uses no code", async () => {
    const { parent, child } = await family();
    const c = await code(parent.cookie, child.id);
    const bad = await login({ code: c, device: "phone" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: "device", message: 'device must be "extension"' }]);
    const long = await login({ code: c, device: "extension", deviceName: "x".repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ field: "deviceName", message: "Keep the device name to 60 characters" }]);
    const hidden = await login({ code: c, device: "extension", deviceName: "Lap\u202Etop" });
    expect(hidden.statusCode).toBe(400);
    expect((await login({ code: c, device: "extension" })).statusCode).toBe(200);
  });
});

describe("GET and DELETE /api/children/:id/devices", () => {
  it("lists both kinds, most recently used first, for the family's guardians only", async () => {
    const { parent, child } = await family();
    await login({ code: await code(parent.cookie, child.id), remember: true }, { "user-agent": CHROME_ON_WINDOWS });
    t.clock.advance(60 * 1000);
    await extensionToken(parent.cookie, child.id);
    const listed = (await devices(parent.cookie, child.id)).json();
    expect(listed.map((d: { kind: string }) => d.kind)).toEqual(["extension", "browser"]);

    const other = await family();
    expect((await devices(other.parent.cookie, child.id)).statusCode).toBe(404);
    expect((await forget(other.parent.cookie, child.id, listed[0].id)).statusCode).toBe(404);
    expect((await devices(parent.cookie, "not-an-id")).statusCode).toBe(404);
    expect((await forget(parent.cookie, child.id, "not-an-id")).statusCode).toBe(404);
    expect((await forget(parent.cookie, other.child.id, listed[0].id)).statusCode).toBe(404);
    const kid = await signInChild(t.app, parent.cookie, child.id);
    expect((await devices(kid, child.id)).statusCode).toBe(403);
    expect((await devices("", child.id)).statusCode).toBe(401);
    expect((await devices(parent.cookie, child.id)).json()).toHaveLength(2);
  });

  it("keeps at most 10 devices per child, forgetting the least recently used", async () => {
    const { parent, child } = await family();
    const first = await extensionToken(parent.cookie, child.id, "Device 1");
    for (let i = 2; i <= 11; i += 1) {
      t.clock.advance(60 * 1000);
      await extensionToken(parent.cookie, child.id, `Device ${i}`);
    }
    const listed = (await devices(parent.cookie, child.id)).json();
    expect(listed).toHaveLength(10);
    expect(listed.at(-1).name).toBe("Device 2");
    expect((await asBearer(first, "GET", "/api/kid/me")).statusCode).toBe(401);
  });
});
