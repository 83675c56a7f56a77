import { randomUUID } from "node:crypto";
import type { FastifyServerOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  signInChild,
  signUpParent,
  type TestApp,
} from "../test-support/test-app";
import { CHILD_SESSION_ROUTES, needsSession, PUBLIC_API_ROUTES } from "./private-by-default";

/** Every route buildApp registers, as Fastify's onRoute hook sees it: the one complete list there is. */
const registered = vi.hoisted(() => [] as { method: string; url: string }[]);
vi.mock("fastify", async (importOriginal) => {
  const actual = await importOriginal<typeof import("fastify")>();
  const withRouteLog = (opts?: FastifyServerOptions) => {
    const app = actual.default(opts);
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  };
  return { ...actual, default: withRouteLog };
});

/**
 * The /api routes a visitor may call. Adding one here, and to PUBLIC_API_ROUTES, is a decision to
 * review: anything else must answer 401 without a session.
 */
const EXPECTED_PUBLIC = [
  "GET /api/callback",
  "GET /api/login",
  "GET /api/logout",
  "GET /api/test/health",
  "POST /api/auth/login",
  "POST /api/auth/password-reset",
  "POST /api/auth/password-reset/confirm",
  "POST /api/auth/signup",
  "POST /api/consents",
  "POST /api/demo-requests",
  "POST /api/kid/login",
  "POST /api/logout",
  "POST /api/newsletter",
];

/** The routes a child's session may call. Adding one is a decision to review (decisions.md "Ownership and roles"). */
const EXPECTED_CHILD = [
  "GET /api/auth/user",
  "GET /api/children/:id",
  "GET /api/children/:id/achievements",
  "GET /api/children/:id/carts",
  "GET /api/children/:id/categories",
  "GET /api/children/:id/chores",
  "GET /api/kid/me",
  "POST /api/carts/:id/accept-suggestion",
  "POST /api/children/:id/carts",
  "POST /api/chores/:id/complete",
];

let t: TestApp;
beforeAll(async () => {
  // With OpenID Connect configured, so its callback route is registered too (nothing is fetched until used).
  t = await createTestApp({
    oidc: { issuerUrl: "https://id.pocketwise.invalid", clientId: "pocketwise", clientSecret: "secret" },
  });
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const apiRoutes = () => registered.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD");
const ownGuard = (url: string) => /^\/api\/(admin|docs)(\/|$)/.test(url);

describe("every /api route is private unless named public", () => {
  it("sees the routes (the walk below is not vacuous)", () => {
    const names = apiRoutes().map((r) => `${r.method} ${r.url}`);
    expect(names).toContain("PATCH /api/carts/:id/status");
    expect(names).toContain("GET /api/admin/users");
    expect(names.length).toBeGreaterThan(40);
  });

  it("names exactly the reviewed public routes, each of them registered", () => {
    const open = apiRoutes().filter((r) => !ownGuard(r.url) && !needsSession(r.method, r.url));
    expect(open.map((r) => `${r.method} ${r.url}`).sort()).toEqual(EXPECTED_PUBLIC);
    expect([...PUBLIC_API_ROUTES].sort()).toEqual(EXPECTED_PUBLIC);
  });

  it("answers a visitor 401 on every other route before reading its body", async () => {
    const walked: string[] = [];
    for (const { method, url } of apiRoutes()) {
      if (ownGuard(url) || !needsSession(method, url)) continue;
      const res = await t.app.inject({
        method: method as "GET",
        url: url.replace(/:\w+/g, () => randomUUID()),
        // Not even JSON: a route that read the body before asking for a session would answer 400.
        ...(method === "GET" ? {} : { headers: { "content-type": "application/json" }, body: "{" }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual({ message: "Unauthorized" });
      walked.push(`${method} ${url}`);
    }
    expect(walked.length).toBeGreaterThan(20);
  });

  it("lets a visitor reach the public routes, whose own checks still answer", async () => {
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: {} });
    expect(login.statusCode).toBe(400);
    const health = await t.app.inject({ method: "GET", url: "/api/test/health" });
    expect(health.statusCode).toBe(200);
    const unknown = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("a visitor with an invalid body", () => {
  it("gets 401, not the body's 400, on a decision and on a child's settings", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
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
  const invalidBody = { headers: { "content-type": "application/json" }, body: "{" };

  it("names exactly the reviewed child routes, each of them registered and private", () => {
    const names = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    expect([...CHILD_SESSION_ROUTES].sort()).toEqual(EXPECTED_CHILD);
    for (const route of EXPECTED_CHILD) {
      expect(names.has(route), route).toBe(true);
      const [method = "", url = ""] = route.split(" ");
      expect(needsSession(method, url), route).toBe(true);
    }
  });

  it("answers a child 403 on every other route before reading its body", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const walked: string[] = [];
    for (const { method, url } of apiRoutes()) {
      if (ownGuard(url) || !needsSession(method, url) || CHILD_SESSION_ROUTES.has(`${method} ${url}`)) continue;
      const res = await t.app.inject({
        method: method as "GET",
        url: url.replace(/:\w+/g, () => child.id),
        headers: { cookie: kid, ...(method === "GET" ? {} : invalidBody.headers) },
        ...(method === "GET" ? {} : { body: invalidBody.body }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual({ message: "Ask a parent to do this" });
      walked.push(`${method} ${url}`);
    }
    expect(walked).toContain("POST /api/children");
    expect(walked).toContain("PATCH /api/carts/:id/status");
    expect(walked.length).toBeGreaterThan(15);
  });

  it("answers a child 403 on a route naming another child before reading its body, and judges its own", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const other = randomUUID();
    for (const url of [`/api/children/${other}/carts`, `/api/children/${other}`, `/api/children/${other}/chores`]) {
      const post = url.endsWith("/carts");
      const res = await t.app.inject({
        method: post ? "POST" : "GET",
        url,
        headers: { cookie: kid, ...(post ? invalidBody.headers : {}) },
        ...(post ? { body: invalidBody.body } : {}),
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message: "You can only see your own things" });
    }
    const own = await t.app.inject({
      method: "POST",
      url: `/api/children/${child.id.toUpperCase()}/carts`,
      headers: { cookie: kid },
      payload: {},
    });
    expect(own.statusCode).toBe(400);
  });
});
