import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT, buildApp } from "./app";
import { signInAdmin } from "./test-support/admin";
import {
  addChild,
  createTestApp,
  insertCart,
  SLOW_START_MS,
  signUpParent,
  type TestApp,
} from "./test-support/test-app";

let t: TestApp;
let parent: Awaited<ReturnType<typeof signUpParent>>;
let childId: string;
let cartId: string;

beforeAll(async () => {
  t = await createTestApp();
  parent = await signUpParent(t.app);
  childId = (await addChild(t.app, parent.cookie, { age: 13 })).id;
  cartId = await insertCart(t.database, childId);
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const counts = async () => {
  const [row] = await t.database.query(
    "select (select count(*) from users) u, (select count(*) from children) c, (select count(*) from carts) k",
  );
  return JSON.stringify(row);
};
const childRow = async () => JSON.stringify(await t.database.query("select * from children where id = $1", [childId]));

/** No answer may be a 500 or carry a stack trace or internal detail. */
function expectCleanError(res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body);
  expect(body.message).toEqual(expect.any(String));
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|stack|FST_|ZodError|SyntaxError/);
}

describe("bad input", () => {
  const post = (url: string, body: string, contentType = "application/json") =>
    t.app.inject({ method: "POST", url, headers: { cookie: parent.cookie, "content-type": contentType }, body });

  it.each([
    ["/api/children", '{"name": "Maya", "age": '],
    ["/api/children", "{'name': 'Maya'}"],
    ["/api/children", "undefined"],
    ["/api/auth/signup", '{"email": "a@b.co",}'],
    ["/api/auth/login", "{"],
  ])("malformed JSON to %s answers 400 and stores nothing", async (url, body) => {
    const before = await counts();
    const res = await post(url, body);
    expectCleanError(res, 400);
    expect(res.json().message).toBe("Request body is not valid JSON");
    expect(await counts()).toBe(before);
  });

  it("a malformed JSON PATCH changes nothing", async () => {
    const before = await childRow();
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/children/${childId}`,
      headers: { cookie: parent.cookie, "content-type": "application/json" },
      body: '{"name": "Changed"',
    });
    expectCleanError(res, 400);
    expect(await childRow()).toBe(before);
  });

  it("a body over 100 KB answers 413 and stores nothing", async () => {
    const before = await counts();
    const big = JSON.stringify({ name: "Maya", monthlyBudget: "5.00", notes: "x".repeat(BODY_LIMIT) });
    for (const url of ["/api/children", "/api/auth/signup"]) {
      const res = await post(url, big);
      expectCleanError(res, 413);
      expect(res.json().message).toBe("Request body is too large");
    }
    expect(await counts()).toBe(before);
  });

  it("a body just under 100 KB is read (and refused only on its fields)", async () => {
    const body = JSON.stringify({ name: "x".repeat(BODY_LIMIT - 200), monthlyBudget: "5.00" });
    expectCleanError(await post("/api/children", body), 400);
  });

  it.each([
    ["an array", "[]"],
    ["null", "null"],
    ["a string", '"Maya"'],
    ["a number", "42"],
    ["a name that is a number", '{"name": 42, "monthlyBudget": "5.00"}'],
    ["a name that is an object", '{"name": {"first": "M"}, "monthlyBudget": "5.00"}'],
    ["a budget that is an object", '{"name": "M", "monthlyBudget": {"$gt": 0}}'],
    ["an age that is a list", '{"name": "M", "monthlyBudget": "5.00", "age": [10]}'],
    ["an age beyond any integer", '{"name": "M", "monthlyBudget": "5.00", "age": 1e400}'],
    ["a poisoned prototype", '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}'],
  ])("%s as a child answers 400 and stores nothing", async (_label, body) => {
    const before = await counts();
    expectCleanError(await post("/api/children", body), 400);
    expect(await counts()).toBe(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it.each([
    ["text/plain", '{"name": "Maya", "monthlyBudget": "5.00"}'],
    ["application/xml", "<child><name>Maya</name></child>"],
    ["application/x-www-form-urlencoded", "name=Maya&monthlyBudget=5.00"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nMaya\r\n--x--'],
  ])("a %s body answers 400 and stores nothing", async (contentType, body) => {
    const before = await counts();
    expectCleanError(await post("/api/children", body, contentType), 400);
    expect(await counts()).toBe(before);
  });

  it("a JSON content type with a charset is read as JSON", async () => {
    const res = await post("/api/usage/dismiss-nudge", "", "application/json; charset=utf-8");
    expect(res.statusCode).toBe(200);
  });

  const oddIds = [
    "abc",
    "1",
    "-1",
    randomUUID(),
    "..%2Fx",
    "%00",
    "00000000-0000-0000-0000-000000000000",
    "x".repeat(300),
    "x".repeat(5000),
    "%ZZ",
    "%C0%AF",
  ];

  it.each(oddIds)("child id %s answers 404 on every child route", async (id) => {
    const before = await counts();
    for (const [method, url, payload] of [
      ["GET", `/api/children/${id}`],
      ["PATCH", `/api/children/${id}`, { name: "Changed" }],
      ["DELETE", `/api/children/${id}`],
      ["GET", `/api/children/${id}/carts`],
      ["GET", `/api/children/${id}/achievements`],
      ["GET", `/api/children/${id}/chores`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: parent.cookie }, payload });
      expectCleanError(res, 404);
    }
    expect(await counts()).toBe(before);
  });

  it.each(oddIds)("cart id %s answers 404", async (id) => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${id}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "approved" },
    });
    expectCleanError(res, 404);
  });

  it("a path that climbs out (../x) answers 404", async () => {
    for (const url of ["/api/children/../x", "/api/children/../../etc/passwd", "/api/carts/../x/status"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie: parent.cookie } });
      expectCleanError(res, 404);
    }
  });

  it("an unknown API path answers a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expectCleanError(res, 404);
    expect(res.json()).toEqual({ message: "Not found" });
  });

  it("an unexpected failure answers 500 with a plain message and no stack", async () => {
    const app = await buildApp(
      { cookieSecure: false, appOrigin: null, oidc: null, clientDir: null, now: t.clock.now },
      t.database,
    );
    app.get("/api/test-boom", { config: { access: "parent" } }, async () => {
      throw new Error("secret internal detail at /srv/db.ts:12:3");
    });
    await app.ready();
    try {
      const res = await app.inject({ method: "GET", url: "/api/test-boom", headers: { cookie: parent.cookie } });
      expectCleanError(res, 500);
      expect(res.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
      expect(res.body).not.toContain("secret");
    } finally {
      await app.close();
    }
  });
});

describe("text PostgreSQL cannot store: NUL characters and lone surrogates", () => {
  const NUL = "\u0000";
  const nulRefusal = (field: string) => ({
    message: "Text must not contain NUL characters",
    errors: [{ field, message: "Text must not contain NUL characters" }],
  });
  const stored = async () => {
    const [row] = await t.database.query(
      `select (select count(*) from users) u, (select count(*) from children) c, (select count(*) from carts) k,
        (select count(*) from budget_categories) b, (select count(*) from chores) h, (select count(*) from consents) o,
        (select count(*) from demo_requests) d, (select count(*) from support_tickets) s,
        (select count(*) from newsletter_subscribers) n, (select string_agg(name, ',') from children) names`,
    );
    return JSON.stringify(row);
  };
  const item = { name: "Toy", price: "1.00", quantity: 1 };

  it.each<[string, "POST" | "PATCH", () => string, object, string]>([
    ["a child's name", "PATCH", () => `/api/children/${childId}`, { name: `a${NUL}b` }, "name"],
    ["a cart's retailer", "POST", () => `/api/children/${childId}/carts`, { retailer: NUL, items: [item] }, "retailer"],
    [
      "a cart item's name",
      "POST",
      () => `/api/children/${childId}/carts`,
      { retailer: "Shop", items: [item, { ...item, name: `Toy${NUL}` }] },
      "items.1.name",
    ],
    [
      "a cart's notes",
      "POST",
      () => `/api/children/${childId}/carts`,
      { retailer: "Shop", items: [item], notes: NUL },
      "notes",
    ],
    ["a category's name", "POST", () => `/api/children/${childId}/categories`, { name: `G${NUL}` }, "name"],
    ["a chore's title", "POST", () => `/api/children/${childId}/chores`, { title: NUL, reward: "1.00" }, "title"],
    [
      "a support ticket's subject",
      "POST",
      () => "/api/support/tickets",
      { subject: `Help${NUL}`, description: "It broke", priority: "low" },
      "subject",
    ],
  ])("in %s answers 400 naming the field and stores nothing", async (_label, method, url, payload, field) => {
    const before = await stored();
    const res = await t.app.inject({ method, url: url(), headers: { cookie: parent.cookie }, payload });
    expectCleanError(res, 400);
    expect(res.json()).toEqual(nulRefusal(field));
    expect(await stored()).toBe(before);
  });

  it.each<[string, string, object, string]>([
    [
      "a sign-up",
      "/api/auth/signup",
      { email: "nul@example.com", password: "long enough", firstName: NUL, lastName: "L" },
      "firstName",
    ],
    ["a sign-in e-mail", "/api/auth/login", { email: `a${NUL}@example.com`, password: "whatever1" }, "email"],
    ["a kid's code", "/api/kid/login", { code: `ABCD${NUL}` }, "code"],
    ["a newsletter e-mail", "/api/newsletter", { email: `n${NUL}@example.com` }, "email"],
    [
      "a demo request",
      "/api/demo-requests",
      { firstName: "Dana", lastName: "Demo", email: "dana@example.com", message: `Hi${NUL}` },
      "message",
    ],
    [
      "a consent",
      "/api/consents",
      {
        childAge: 14,
        fullName: `Jordan${NUL}`,
        email: "jordan@example.com",
        phone: "(555) 123-4567",
        relationship: "parent",
        dataCollection: true,
        educational: true,
        thirdParty: true,
      },
      "fullName",
    ],
  ])("in %s (no sign-in needed) answers 400 and stores nothing", async (_label, url, payload, field) => {
    const before = await stored();
    const res = await t.app.inject({ method: "POST", url, payload, remoteAddress: "10.77.0.1" });
    expectCleanError(res, 400);
    expect(res.json()).toEqual(nulRefusal(field));
    expect(await stored()).toBe(before);
  });

  it("lists every such field, member names included, and reaches any depth", async () => {
    const body = `{"name": "M${NUL}", "monthlyBudget": "5.00", "extra": {"a${NUL}": 1, "b": ["ok", "${NUL}"]}}`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/children",
      headers: { cookie: parent.cookie, "content-type": "application/json" },
      body: body.replaceAll(NUL, "\\u0000"),
    });
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(["name", `extra.a${NUL}`, "extra.b.1"]);

    const depth = 20_000;
    const deep = await t.app.inject({
      method: "POST",
      url: "/api/children",
      headers: { cookie: parent.cookie, "content-type": "application/json" },
      body: `${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`,
    });
    expectCleanError(deep, 400);
    expect(deep.json().errors[0].field).toBe(Array.from({ length: depth }, () => "0").join("."));
  });

  it("refuses a lone surrogate the same way, which PostgreSQL cannot store either", async () => {
    const before = await stored();
    const send = (url: string, body: string, method: "POST" | "PATCH" = "POST") =>
      t.app.inject({ method, url, headers: { cookie: parent.cookie, "content-type": "application/json" }, body });
    const cart = await send(
      `/api/children/${childId}/carts`,
      '{"retailer": "Shop", "items": [{"name": "Toy \\ud800", "price": "1.00", "quantity": 1}]}',
    );
    expectCleanError(cart, 400);
    expect(cart.json()).toEqual({
      message: "Text must be valid Unicode",
      errors: [{ field: "items.0.name", message: "Text must be valid Unicode" }],
    });
    const both = await send(`/api/children/${childId}`, '{"name": "\\udfff", "notes": "\\u0000"}', "PATCH");
    expect(both.json().message).toBe("Text must be valid Unicode; Text must not contain NUL characters");
    expect(await stored()).toBe(before);
    const paired = await send(`/api/children/${childId}`, '{"name": "Maya \\ud83d\\ude00"}', "PATCH");
    expect(paired.json().name).toBe("Maya \u{1F600}");
    await send(`/api/children/${childId}`, '{"name": "Maya"}', "PATCH");
  });

  it("in the staff area answers 400 with `error`, in a body and in the parent search", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { email: `staff${NUL}@example.com`, password: "whatever" },
    });
    expectCleanError(login, 400);
    expect(login.json()).toEqual({ ...nulRefusal("email"), error: "Text must not contain NUL characters" });

    const { authorization } = await signInAdmin(t.app);
    const search = await t.app.inject({ method: "GET", url: "/api/admin/users?q=%00", headers: { authorization } });
    expectCleanError(search, 400);
    expect(search.json()).toEqual({ ...nulRefusal("q"), error: "Text must not contain NUL characters" });
    const plain = await t.app.inject({ method: "GET", url: "/api/admin/users?q=pat", headers: { authorization } });
    expect(plain.statusCode).toBe(200);
  });
});

describe("foreign-origin writes", () => {
  const host = "pocketwise.test";
  const write = (headers: Record<string, string>, url = "/api/children", method: "POST" | "PATCH" = "POST") =>
    t.app.inject({
      method,
      url,
      headers: { host, cookie: parent.cookie, ...headers },
      payload: { name: "Origin", monthlyBudget: "50.00" },
    });

  it.each([
    "https://evil.com",
    "http://pocketwise.test.evil.com",
    "http://evil.com:80",
    "null",
    "not a url",
    "https://pocketwise.test:8443",
  ])("refuses a write from Origin %s with 403 and stores nothing", async (origin) => {
    const before = await counts();
    const res = await write({ origin });
    expectCleanError(res, 403);
    expect(res.json()).toEqual({ message: "Cross-origin request refused" });
    expect(await counts()).toBe(before);
  });

  it("refuses every kind of write, including sign-in, sign-up and logout", async () => {
    const origin = "https://evil.com";
    for (const [method, url] of [
      ["POST", "/api/auth/login"],
      ["POST", "/api/auth/signup"],
      ["POST", "/api/logout"],
      ["PATCH", `/api/children/${childId}`],
      ["DELETE", `/api/children/${childId}`],
      ["PATCH", `/api/carts/${cartId}/status`],
      ["POST", "/api/usage/dismiss-nudge"],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { host, origin, cookie: parent.cookie }, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: parent.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("allows a same-origin write and a write without Origin", async () => {
    const before = await childRow();
    const same = await write({ origin: `http://${host}` }, `/api/children/${childId}`, "PATCH");
    expect(same.statusCode).toBe(200);
    const none = await write({}, `/api/children/${childId}`, "PATCH");
    expect(none.statusCode).toBe(200);
    expect(await childRow()).not.toBe(before);
    await t.app.inject({
      method: "PATCH",
      url: `/api/children/${childId}`,
      headers: { cookie: parent.cookie },
      payload: { name: "Maya" },
    });
  });

  it("reads the Host header as a browser would: case and default ports do not matter", async () => {
    for (const [hostHeader, origin] of [
      ["Pocketwise.TEST", "http://pocketwise.test"],
      ["pocketwise.test:80", "http://pocketwise.test"],
      ["pocketwise.test:443", "https://pocketwise.test"],
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/usage/dismiss-nudge",
        headers: { host: hostHeader, origin, cookie: parent.cookie },
      });
      expect(res.statusCode, `${hostHeader} ${origin}`).toBe(200);
    }
    const other = await t.app.inject({
      method: "POST",
      url: "/api/usage/dismiss-nudge",
      headers: { host: "pocketwise.test:8080", origin: "http://pocketwise.test", cookie: parent.cookie },
    });
    expect(other.statusCode).toBe(403);
  });

  it("lets reads from another origin through (no state changes)", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/children",
      headers: { host, origin: "https://evil.com", cookie: parent.cookie },
    });
    expect(res.statusCode).toBe(200);
  });

  it("with APP_ORIGIN set, only that origin may write", async () => {
    const app = await buildApp(
      {
        cookieSecure: false,
        appOrigin: "https://app.pocketwise.test",
        oidc: null,
        clientDir: null,
        now: t.clock.now,
      },
      t.database,
    );
    await app.ready();
    try {
      const send = (origin: string) =>
        app.inject({
          method: "POST",
          url: "/api/usage/dismiss-nudge",
          headers: { host: "internal:5000", origin, cookie: parent.cookie },
        });
      expect((await send("https://app.pocketwise.test")).statusCode).toBe(200);
      expect((await send("http://internal:5000")).statusCode).toBe(403);
      expect((await send("https://evil.com")).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});

describe("security headers", () => {
  it("sends helmet's headers with a strict content security policy", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("marks the session cookie Secure when cookies are secure (production)", async () => {
    const app = await buildApp(
      { cookieSecure: true, appOrigin: null, oidc: null, clientDir: null, now: t.clock.now },
      t.database,
    );
    await app.ready();
    try {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: parent.email, password: parent.password },
        remoteAddress: "10.66.0.1",
      });
      expect(res.statusCode).toBe(200);
      const cookie = String(res.headers["set-cookie"]);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    } finally {
      await app.close();
    }
  });
});

describe("API documentation", () => {
  it("serves the OpenAPI document listing the foundation routes", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("Pocketwise API");
    const routes: [string, string][] = [
      ["/api/auth/signup", "post"],
      ["/api/auth/login", "post"],
      ["/api/auth/user", "get"],
      ["/api/login", "get"],
      ["/api/logout", "get"],
      ["/api/logout", "post"],
      ["/api/children", "get"],
      ["/api/children", "post"],
      ["/api/children/{id}", "get"],
      ["/api/children/{id}", "patch"],
      ["/api/children/{id}", "delete"],
      ["/api/children/{id}/carts", "get"],
      ["/api/children/{id}/achievements", "get"],
      ["/api/children/{id}/chores", "get"],
      ["/api/carts/pending", "get"],
      ["/api/carts/{id}/status", "patch"],
      ["/api/usage", "get"],
      ["/api/usage/dismiss-nudge", "post"],
      ["/api/usage/upgrade-click", "post"],
    ];
    for (const [path, method] of routes) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    // The request schema of a route is documented from its zod contract.
    const childBody = doc.paths["/api/children"].post.requestBody.content["application/json"].schema;
    expect(JSON.stringify(childBody)).toContain("monthlyBudget");
  });

  it("serves the documentation page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/^text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });
});

describe("the built web app", () => {
  let clientDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "pw-client-"));
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(path.join(clientDir, "index.html"), '<div id="root"></div>');
    writeFileSync(path.join(clientDir, "landing.html"), '<div id="root"><h1>drawn landing</h1></div>');
    writeFileSync(path.join(clientDir, "assets", "index-abc123.js"), "console.log(1)");
    writeFileSync(path.join(clientDir, "sw.js"), 'self.addEventListener("push", () => {});');
    writeFileSync(path.join(clientDir, "manifest.webmanifest"), '{"name":"Pocketwise"}');
    app = await buildApp({ cookieSecure: false, appOrigin: null, oidc: null, clientDir, now: t.clock.now }, t.database);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("gives a visitor's / the page with the landing page already drawn, never cached", async () => {
    for (const url of ["/", "/?utm_source=mail"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("drawn landing");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("gives a signed-in parent's / and every other screen the empty app page, never cached", async () => {
    for (const [url, cookie] of [["/", parent.cookie], ["/parent"], ["/child/x/settings"], ["/privacy"]] as const) {
      const res = await get(url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<div id="root"></div>');
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves hashed assets for a year", async () => {
    const res = await get("/assets/index-abc123.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("never lets the service worker be kept, so each visit checks it for a new version (decision 132)", async () => {
    const res = await get("/sw.js");
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/^(application|text)\/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    // It lives at the root, so its scope is the whole site without a Service-Worker-Allowed header.
    expect(res.headers["service-worker-allowed"]).toBeUndefined();
  });

  it("serves the web app manifest as one", async () => {
    const res = await get("/manifest.webmanifest");
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/^application\/manifest\+json/);
  });
});
