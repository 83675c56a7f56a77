import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyServerOptions, RouteOptions } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signInAdmin } from "../test-support/admin";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../test-support/test-app";
import { type Access, accessGuards, STAFF_SIGN_IN_REQUIRED } from "./access";

/**
 * Every route buildApp registers, as Fastify's onRoute hook sees it: the one complete list there is. The
 * route objects are kept, not copied, since a scope's hook may declare a plugin route's access after ours.
 */
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock("fastify", async (importOriginal) => {
  const actual = await importOriginal<typeof import("fastify")>();
  const withRouteLog = (opts?: FastifyServerOptions) => {
    const app = actual.default(opts);
    app.addHook("onRoute", (route) => {
      registered.push(route);
    });
    return app;
  };
  return { ...actual, default: withRouteLog };
});

type Route = { method: string; url: string; access: Access; childParam?: string };
const apiRoutes = (): Route[] =>
  registered.flatMap((r) =>
    [r.method]
      .flat()
      .filter((method) => method !== "HEAD" && r.url.startsWith("/api/"))
      .map((method) => ({
        method,
        url: r.url,
        access: r.config?.access as Access,
        childParam: r.config?.childParam,
      })),
  );
const named = (routes: Route[]) => routes.map((r) => `${r.method} ${r.url}`).sort();

/**
 * The /api routes a visitor may call. Adding one here, and `access: "public"` on the route, is a decision
 * to review: anything else must answer 401 without a session or a staff token.
 */
const EXPECTED_PUBLIC = [
  "GET /api/callback",
  // The hosted checkout page reads a merchant's session by its unguessable id (decision 141).
  "GET /api/checkout/:id",
  "GET /api/decide/:token",
  "GET /api/docs",
  "GET /api/docs/json",
  "GET /api/docs/static/*",
  "GET /api/docs/static/index.html",
  "GET /api/docs/static/swagger-initializer.js",
  "GET /api/docs/yaml",
  "GET /api/family/invitations/:token",
  "GET /api/login",
  "GET /api/logout",
  // The merchant API authenticates by its own bearer API key, checked in each handler (decision 141).
  "GET /api/merchant/v1/checkout-sessions/:id",
  "GET /api/test/health",
  "GET /api/unsubscribe/:token",
  // An e-mail change link may be opened in any browser: its single-use token is the proof (decision 156).
  "POST /api/account/email/confirm",
  "POST /api/admin/login",
  "POST /api/admin/setup",
  "POST /api/auth/login",
  "POST /api/auth/password-reset",
  "POST /api/auth/password-reset/confirm",
  "POST /api/auth/signup",
  "POST /api/billing/webhook",
  "POST /api/consents",
  "POST /api/decide/:token",
  "POST /api/demo-requests",
  "POST /api/kid/login",
  "POST /api/logout",
  // The merchant API authenticates by its own bearer API key, checked in each handler (decision 141).
  "POST /api/merchant/v1/checkout-sessions",
  "POST /api/merchant/v1/checkout-sessions/:id/complete",
  "POST /api/newsletter",
  "POST /api/unsubscribe/:token",
];

/** The routes a child's session may call. Adding one is a decision to review (docs/product-contract.md "Ownership and roles"). */
const EXPECTED_CHILD = [
  // A child's own savings goals (docs/decisions/153).
  "DELETE /api/goals/:id",
  "GET /api/auth/user",
  "GET /api/children/:id",
  "GET /api/children/:id/achievements",
  "GET /api/children/:id/carts",
  "GET /api/children/:id/categories",
  "GET /api/children/:id/chores",
  "GET /api/children/:id/goals",
  // A child's own money lessons: reading them, and answering their questions (docs/decisions/154).
  "GET /api/children/:id/lessons",
  "GET /api/events",
  "GET /api/kid/me",
  "PATCH /api/goals/:id",
  "POST /api/carts/:id/accept-suggestion",
  "POST /api/carts/:id/complete",
  "POST /api/carts/:id/goal",
  // A child sends a store's checkout as its own cart (decision 141).
  "POST /api/checkout/:id/send",
  "POST /api/children/:id/carts",
  "POST /api/children/:id/goals",
  "POST /api/children/:id/lessons/:lessonId/complete",
  "POST /api/chores/:id/complete",
  "POST /api/goals/:id/cart",
  "POST /api/goals/:id/contributions",
];

let t: TestApp;
let base: { host: string; port: number };
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
/** Who calls: the headers each sends, beside the family the walk's ids belong to. */
let callers: Record<"visitor" | "parent" | "child" | "sibling" | "staff", Record<string, string>>;
let childId: string;

beforeAll(async () => {
  // With OpenID Connect configured, so its callback route is registered too (nothing is fetched until used).
  t = await createTestApp({
    oidc: { issuerUrl: "https://id.pocketwise.invalid", clientId: "pocketwise", clientSecret: "secret" },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address() as AddressInfo;
  base = { host: "127.0.0.1", port: address.port };
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "family");
  const child = await addChild(t.app, parent.cookie, { age: 13 });
  const sibling = await addChild(t.app, parent.cookie, { name: "Leo", age: 13 });
  childId = child.id;
  const staff = await signInAdmin(t.app);
  callers = {
    visitor: {},
    parent: { cookie: parent.cookie },
    child: { cookie: await signInChild(t.app, parent.cookie, child.id) },
    sibling: { cookie: await signInChild(t.app, parent.cookie, sibling.id) },
    staff: { authorization: staff.authorization },
  };
}, SLOW_START_MS);
afterAll(async () => {
  agent.destroy();
  await t?.close();
}, SLOW_START_MS);

/** A raw HTTP request: node:http sends the path exactly as written (fetch and inject would normalise it). */
function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve) => {
    // Content-Length always: Node sends a DELETE's body without one, which the server reads as garbage.
    const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const req = http.request({ ...base, agent, method, path, headers: { ...headers, ...length } }, (res) => {
      // An event stream never ends by itself: its status is the answer. The walk closes it and waits until
      // the server has let it go, since a session may hold only a few at once.
      if (res.headers["content-type"]?.startsWith("text/event-stream")) {
        res.destroy();
        void vi
          .waitFor(() => expect(t.app.liveEvents.all()).toHaveLength(0), { timeout: 10_000 })
          .then(() => resolve({ status: res.statusCode ?? 0, body: "" }));
        return;
      }
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    // A dropped connection is an answer too: the walk reports it with the path that caused it.
    req.on("error", (err) => resolve({ status: 0, body: JSON.stringify({ message: err.message }) }));
    req.end(body);
  });
}

/**
 * Spellings RFC 3986 counts as the same path (§6.2.2: escapes of unreserved characters, hex case; §5.2.4:
 * dot segments), and those servers commonly conflate with it (letter case, empty segments, a trailing
 * slash, `;` parameters). Each must answer exactly as the canonical path does.
 */
function sameSpellings(path: string): string[] {
  const segments = path.split("/").slice(1);
  const encodeFirstLetter = (segment: string, upper: boolean) =>
    segment.replace(/[a-z]/i, (c) => `%${c.charCodeAt(0).toString(16)[upper ? "toUpperCase" : "toLowerCase"]()}`);
  const out = segments.map(
    (_, i) => `/${segments.map((s, j) => (j === i ? encodeFirstLetter(s, i % 2 === 0) : s)).join("/")}`,
  );
  out.push(
    `/${segments.map((s) => encodeFirstLetter(s, false)).join("/")}`,
    path.toUpperCase(),
    `/${segments.map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join("/")}`,
    path.replaceAll("/", "//"),
    `${path}/`,
    `/api/./${segments.slice(1).join("/")}`,
    `/api/x/../${segments.slice(1).join("/")}`,
    `/api/%2e/%2E%2e/api/${segments.slice(1).join("/")}`,
    `/${segments.map((s, i) => `${s};p=${i}`).join("/")}`,
  );
  return out;
}

/** Spellings that name no path (an overlong or invalid escape, an escaped separator): answered as unknown paths. */
function strangeSpellings(path: string): string[] {
  return [path.replace("/api", "/%C1%A1pi"), `${path}%ZZ`, path.replace("/api/", "/api%2F"), `${path}%C0`];
}

type Answer = { status: number; message?: string };
const answerOf = (res: { status: number; body: string }): Answer => {
  try {
    const body = JSON.parse(res.body) as { message?: string };
    return { status: res.status, message: res.status >= 300 ? body.message : undefined };
  } catch {
    return { status: res.status };
  }
};

const UNAUTHORIZED = { status: 401, message: "Unauthorized" };
const STAFF_ONLY = { status: 401, message: STAFF_SIGN_IN_REQUIRED };

/** What each caller must get on a route's canonical path, beyond answering as every other spelling does. */
function policyBreach(caller: keyof typeof callers, route: Route, answer: Answer): string | null {
  const is = (want: Answer) => answer.status === want.status && answer.message === want.message;
  if (route.access === "public") return null;
  if (route.access === "staff") {
    if (caller === "staff") return answer.status === 401 ? "staff refused" : null;
    return is(STAFF_ONLY) ? null : "non-staff let in";
  }
  if (caller === "visitor" || caller === "staff") return is(UNAUTHORIZED) ? null : "let in without a session";
  // Who a child is answers a parent 401 by design: a parent is not a child.
  if (caller === "parent" && route.url === "/api/kid/me") return null;
  if (caller === "parent") return answer.status === 401 || answer.status === 403 ? "parent refused" : null;
  if (route.access === "parent") return answer.status === 403 ? null : "child let onto a parent's route";
  if (route.childParam && caller === "sibling") return answer.status === 403 ? null : "child reached another child";
  // The user check answers a child 401 by design: a child is not a signed-in parent.
  if (route.url === "/api/auth/user") return null;
  return answer.status === 403 || answer.status === 401 ? "child refused its own" : null;
}

/** The concrete path the walk calls: the family's child for a child parameter, unknown ids elsewhere. */
const concrete = (route: Route) =>
  route.url.replace(/:(\w+)/g, (_, name: string) => (name === route.childParam ? childId : randomUUID()));

/**
 * Calls every route, as every caller, by every spelling, with a body that is not even JSON (a route that
 * read its body before its guard would answer 400), and answers what went wrong. Signing out is left out:
 * it would end the walk's own sessions.
 */
async function walk(spellings: "all" | "canonical") {
  const failures: string[] = [];
  let calls = 0;
  for (const route of apiRoutes()) {
    if (route.method === "GET" && route.url === "/api/logout") continue;
    const path = concrete(route);
    for (const [caller, headers] of Object.entries(callers) as [keyof typeof callers, Record<string, string>][]) {
      const withBody = route.method !== "GET";
      const call = async (p: string) => {
        calls++;
        // Public routes that look a secret up count the walk's many spellings as guesses, and the data export
        // counts its downloads; the limits have tests of their own, and here each spelling must reach the
        // route as a first try would.
        if (route.access === "public" || route.url === "/api/account/export") {
          await t.database.query("delete from rate_limits");
        }
        const h = withBody ? { ...headers, "content-type": "application/json" } : headers;
        return answerOf(await send(route.method, p, h, withBody ? "{" : undefined));
      };
      const canonical = await call(path);
      const breach = policyBreach(caller, route, canonical);
      if (breach) failures.push(`${caller} ${route.method} ${path}: ${breach} (${JSON.stringify(canonical)})`);
      if (spellings === "canonical") continue;
      for (const p of sameSpellings(path)) {
        const answer = await call(p);
        if (answer.status !== canonical.status || answer.message !== canonical.message) {
          failures.push(`${caller} ${route.method} ${p}: ${JSON.stringify(answer)} ≠ ${JSON.stringify(canonical)}`);
        }
      }
      for (const p of strangeSpellings(path)) {
        const answer = await call(p);
        const want =
          route.url.startsWith("/api/admin") && caller !== "staff" ? STAFF_ONLY : { status: 404, message: "Not found" };
        if (answer.status !== want.status || answer.message !== want.message) {
          failures.push(
            `${caller} ${route.method} ${p}: ${JSON.stringify(answer)} ≠ unknown path ${JSON.stringify(want)}`,
          );
        }
      }
    }
  }
  return { failures, calls };
}

describe("every route declares who may call it", () => {
  it("sees the routes (the walks below are not vacuous)", () => {
    const names = named(apiRoutes());
    expect(names).toContain("PATCH /api/carts/:id/status");
    expect(names).toContain("GET /api/admin/users");
    expect(names).toContain("POST /api/admin/tickets/:id/close");
    expect(names.length).toBeGreaterThan(50);
  });

  it("names exactly the reviewed public and child routes", () => {
    expect(named(apiRoutes().filter((r) => r.access === "public"))).toEqual(EXPECTED_PUBLIC);
    expect(named(apiRoutes().filter((r) => r.access === "child"))).toEqual(EXPECTED_CHILD);
  });

  it("puts every staff-area route behind a staff token but setup and sign-in", () => {
    for (const route of apiRoutes().filter((r) => r.url.startsWith("/api/admin/"))) {
      const open = route.url === "/api/admin/login" || route.url === "/api/admin/setup";
      expect(route.access, `${route.method} ${route.url}`).toBe(open ? "public" : "staff");
    }
  });

  it("refuses to start with a route that declares no access", async () => {
    const Fastify = (await import("fastify")).default;
    const access = (await import("./access")).default;
    const before = registered.length;
    const app = Fastify();
    await app.register(access, { verifyStaff: async () => null });
    app.get("/api/forgotten", async () => "secret");
    await expect(app.ready()).rejects.toThrow(/config\.access.*GET \/api\/forgotten/);
    // Not a route of the app the walks call.
    registered.splice(before);
  });
});

describe("the route walk: every route, every caller, every spelling", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers every spelling as the canonical path, and the canonical path as its access says", async () => {
    const { failures, calls } = await walk("all");
    expect(failures.slice(0, 40)).toEqual([]);
    expect(calls).toBeGreaterThan(3000);
  }, 300_000);

  it.each(["parent", "child", "staff"] as const)(
    "notices when the %s guard is removed",
    async (level) => {
      vi.spyOn(accessGuards, level).mockImplementation(async () => {});
      const { failures } = await walk("canonical");
      expect(failures.length).toBeGreaterThan(0);
    },
    120_000,
  );

  it("keeps the staff area closed by its handlers when its route guard is removed (defence in depth)", async () => {
    vi.spyOn(accessGuards, "staff").mockImplementation(async () => {});
    const staffRoutes = apiRoutes().filter((r) => r.access === "staff");
    expect(staffRoutes.length).toBeGreaterThan(10);
    for (const route of staffRoutes) {
      const res = answerOf(await send(route.method, concrete(route), {}));
      // A body the route's schema refuses is refused before the handler runs; nothing else gets through.
      const refused = res.status === 400 && route.method !== "GET";
      expect(refused ? res.status : res, `${route.method} ${route.url}`).toEqual(refused ? 400 : STAFF_ONLY);
    }
  });
});

describe("a visitor with an invalid body", () => {
  it("gets 401, not the body's 400, on a decision and on a child's settings", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie, { age: 13 });
    const decision = await t.app.inject({ method: "PATCH", url: "/api/carts/x/status", payload: {} });
    expect(decision.statusCode).toBe(401);
    expect(decision.json()).toEqual({ message: "Unauthorized" });
    const settings = await t.app.inject({ method: "PATCH", url: `/api/children/${child.id}`, payload: { age: 2 } });
    expect(settings.statusCode).toBe(401);
    expect(settings.json()).toEqual({ message: "Unauthorized" });

    // Signed in, the body is judged as before, and a child on a parent's route gets 403 before it.
    const asParent = await t.app.inject({
      method: "PATCH",
      url: `/api/children/${child.id}`,
      headers: { cookie: parent.cookie },
      payload: { age: 2 },
    });
    expect(asParent.statusCode).toBe(400);
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const asChild = await t.app.inject({
      method: "PATCH",
      url: `/api/children/${child.id}`,
      headers: { cookie: kid },
      payload: { age: 12 },
    });
    expect(asChild.statusCode).toBe(403);
    expect(asChild.json()).toEqual({ message: "Ask a parent to do this" });
  });
});

describe("a child session reaches its own child's routes only", () => {
  it("answers a child 403 on a route naming another child, and judges its own (its id in any case)", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie, { age: 13 });
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const other = randomUUID();
    for (const url of [`/api/children/${other}/carts`, `/api/children/${other}`, `/api/children/${other}/chores`]) {
      const post = url.endsWith("/carts");
      const res = await t.app.inject({
        method: post ? "POST" : "GET",
        url,
        headers: { cookie: kid, ...(post ? { "content-type": "application/json" } : {}) },
        ...(post ? { body: "{" } : {}),
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message: "You can only see your own things" });
    }
    const own = await t.app.inject({
      method: "POST",
      url: `/API/Children/${child.id.toUpperCase()}/carts`,
      headers: { cookie: kid },
      payload: {},
    });
    expect(own.statusCode).toBe(400);
  });
});

describe("the hostile run's findings", () => {
  it.each([
    "/api/%61dmin/users",
    "/%61pi/admin/users",
    "/api/admi%6E/users",
    "/API/ADMIN/users",
    "/api/admin/../admin/users",
  ])("%s answers 401 without a staff token, and lists parents with one", async (path) => {
    expect(answerOf(await send("GET", path, {}))).toEqual(STAFF_ONLY);
    expect(answerOf(await send("GET", path, callers.parent))).toEqual(STAFF_ONLY);
    const withToken = await send("GET", path, callers.staff);
    expect(withToken.status).toBe(200);
    expect(Array.isArray(JSON.parse(withToken.body))).toBe(true);
  });

  it("closes no ticket and starts no automation through an encoded path", async () => {
    const parent = await signUpParent(t.app);
    const ticket = await t.app.inject({
      method: "POST",
      url: "/api/support/tickets",
      headers: { cookie: parent.cookie },
      payload: { subject: "Help", description: "Please", priority: "low" },
    });
    expect(ticket.statusCode).toBe(201);
    const close = await send("POST", `/api/%61dmin/tickets/${ticket.json().id}/close`, {});
    expect(answerOf(close)).toEqual(STAFF_ONLY);
    const trigger = await send(
      "POST",
      "/api/%61dmin/trigger/onboarding",
      { "content-type": "application/json" },
      JSON.stringify({ userId: parent.user.id }),
    );
    expect(answerOf(trigger)).toEqual(STAFF_ONLY);
    const tickets = await t.app.inject({ method: "GET", url: "/api/admin/tickets", headers: callers.staff });
    const mine = (tickets.json() as { id: string; status: string }[]).find((x) => x.id === ticket.json().id);
    expect(mine?.status).not.toBe("closed");
    const executions = await t.app.inject({ method: "GET", url: "/api/admin/executions", headers: callers.staff });
    // Only the welcome sequence the sign-up itself started: the encoded trigger started nothing.
    const started = (executions.json() as { userId: string }[]).filter((e) => e.userId === parent.user.id);
    expect(started).toHaveLength(1);
  });
});
