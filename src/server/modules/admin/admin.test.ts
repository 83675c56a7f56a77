import { decodeProtectedHeader, jwtVerify } from "jose";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admins } from "../../db/schema";
import { signInAdmin, TEST_ADMIN } from "../../test-support/admin";
import { createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";
import { hashPassword } from "../auth/passwords";

import { createAdminTokens } from "./admin-tokens";

const SECRET = "a test secret of at least thirty-two characters";

let t: TestApp;

/**
 * A parent whose sign-up's own welcome sequence (user.signup) is set aside, so each test counts only the
 * runs and e-mails it starts itself; signup-automations.test.ts covers the sign-up's own.
 */
async function signUpQuietly(...args: Parameters<typeof signUpParent>) {
  const parent = await signUpParent(...args);
  await t.database.query("delete from workflow_executions where user_id = $1", [parent.user.id]);
  return parent;
}
beforeAll(async () => {
  t = await createTestApp({ adminJwtSecret: SECRET });
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

let addressCounter = 0;
/** A client address no other test uses, so per-address counters never leak between tests. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.81.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};

const setup = (app: TestApp["app"], payload: Record<string, unknown>, remoteAddress = freshAddress()) =>
  app.inject({ method: "POST", url: "/api/admin/setup", payload, remoteAddress });
const login = (email: string, password: string, remoteAddress = freshAddress()) =>
  t.app.inject({ method: "POST", url: "/api/admin/login", payload: { email, password }, remoteAddress });
const get = (url: string, authorization?: string, cookie?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: { ...(authorization ? { authorization } : {}), ...(cookie ? { cookie } : {}) },
  });

/** Tests that spend a hundred failures run a hundred argon2id checks or more, slow on a busy machine. */
const MANY_FAILURES_MS = 120_000;

let staffCounter = 0;
/** Another staff account, so a test that spends an account's budget leaves TEST_ADMIN alone. */
async function addStaff() {
  staffCounter += 1;
  const staff = { email: `staff${staffCounter}@pocketwise.test`, password: "another staff password" };
  await t.app.database.db.insert(admins).values({
    email: staff.email,
    firstName: "Alex",
    lastName: "Staff",
    passwordHash: await hashPassword(staff.password),
  });
  return staff;
}
const adminCount = async (app: TestApp) =>
  Number((await app.database.query<{ n: string }>("select count(*) as n from admins"))[0]?.n);

/** A second connection that blocks inserts into admins (reads go on) until `releaseWhenWaiting`. */
async function holdAdminInserts(app: TestApp) {
  const [db] = await app.database.query<{ name: string }>("select current_database() as name");
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${db?.name}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  await client.query("begin");
  await client.query("lock table admins in share row exclusive mode");
  return {
    async releaseWhenWaiting(sessions: number) {
      const deadline = Date.now() + 20_000;
      // Asked on another connection: inside the holding transaction the view would stay a snapshot.
      const waiting = async () =>
        Number(
          (
            await app.database.query<{ n: string }>(
              "select count(*) as n from pg_stat_activity where datname = current_database() and state = 'active' and wait_event_type = 'Lock'",
            )
          )[0]?.n,
        );
      try {
        while ((await waiting()) < sessions) {
          if (Date.now() > deadline) throw new Error("the setups never reached the database");
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } finally {
        await client.query("commit");
        await client.end();
      }
    },
  };
}

const signInRequired = { message: "Please sign in as staff", error: "Please sign in as staff" };

describe("POST /api/admin/setup", () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  }, SLOW_START_MS);
  afterAll(async () => {
    await fresh?.close();
  }, SLOW_START_MS);

  it.each([
    ["no fields", {}, ["email", "firstName", "lastName", "password"]],
    ["a short password", { ...TEST_ADMIN, password: "short" }, ["password"]],
    ["an e-mail that is not one", { ...TEST_ADMIN, email: "staff" }, ["email"]],
    ["blank names", { ...TEST_ADMIN, firstName: "  ", lastName: "" }, ["firstName", "lastName"]],
  ])("refuses %s with 400, field messages and `error`, creating nothing", async (_, payload, fields) => {
    const res = await setup(fresh.app, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(fields);
    expect(body.error).toBe(body.message);
    expect(await adminCount(fresh)).toBe(0);
  });

  it("gives each field the contract's message", async () => {
    const res = await setup(fresh.app, { email: "", firstName: "A", lastName: "B", password: "1234567" });
    expect(res.json().errors).toEqual([
      { field: "email", message: "Email is required" },
      { field: "password", message: "Password must be at least 8 characters" },
    ]);
  });

  it("creates the first admin with an argon2id hash, then refuses any other with 403", async () => {
    const res = await setup(fresh.app, { ...TEST_ADMIN, email: "  First@Example.com " });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user: { id: expect.any(String), email: "first@example.com", firstName: "Sam", lastName: "Staff" },
    });
    const [row] = await fresh.database.query<{ password_hash: string }>("select password_hash from admins");
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);

    const again = await setup(fresh.app, { ...TEST_ADMIN, email: "second@example.com" });
    expect(again.statusCode).toBe(403);
    const message = "An admin account already exists. Please sign in.";
    expect(again.json()).toEqual({ message, error: message });
    expect(await adminCount(fresh)).toBe(1);
  });

  it("never creates two admins when setups race", async () => {
    const racing = await createTestApp();
    try {
      // On PostgreSQL, hold back every insert into admins until all eight setups are waiting, so each
      // has passed (or is queued before) its "is there an admin?" check at the same moment. PGlite has
      // a single connection, so there the setups' transactions cannot overlap in the first place.
      const gate = racing.database.kind === "postgres" ? await holdAdminInserts(racing) : null;
      const pending = Promise.all(
        Array.from({ length: 8 }, (_, i) => setup(racing.app, { ...TEST_ADMIN, email: `racer${i}@example.com` })),
      );
      await gate?.releaseWhenWaiting(8);
      const codes = (await pending).map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 403, 403, 403, 403, 403, 403, 403]);
      expect(await adminCount(racing)).toBe(1);
    } finally {
      await racing.close();
    }
  });

  it("limits setup attempts per address to 30 in 10 minutes", async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) expect((await setup(fresh.app, TEST_ADMIN, address)).statusCode).toBe(403);
    const refused = await setup(fresh.app, TEST_ADMIN, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many setup attempts from this address\. Try again in \d+ minutes?\.$/);
    expect((await setup(fresh.app, TEST_ADMIN)).statusCode).toBe(403);
  });
});

describe("POST /api/admin/login", () => {
  beforeAll(async () => {
    await signInAdmin(t.app);
  });

  it("answers a token and the admin; the token is HS256, signed with the configured secret, 8 hours long", async () => {
    const res = await login(TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user).toEqual({ id: expect.any(String), email: TEST_ADMIN.email, firstName: "Sam", lastName: "Staff" });
    expect(JSON.stringify(res.json())).not.toMatch(/password|hash/i);
    expect(decodeProtectedHeader(token).alg).toBe("HS256");
    const { payload } = await jwtVerify(token, new TextEncoder().encode(SECRET), { currentDate: t.clock.now() });
    expect(payload.sub).toBe(user.id);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(8 * 60 * 60);
  });

  it("answers 401 'Invalid credentials' for a wrong password or an unknown e-mail", async () => {
    for (const [email, password] of [
      [TEST_ADMIN.email, "wrong password"],
      ["nobody@example.com", TEST_ADMIN.password],
    ] as const) {
      const res = await login(email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Invalid credentials", error: "Invalid credentials" });
    }
  });

  it("answers 400 with field messages for missing fields", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: {},
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "email", message: "Email is required" },
      { field: "password", message: "Password is required" },
    ]);
  });

  it("a parent's account is not a staff account", async () => {
    const parent = await signUpQuietly(t.app);
    expect((await login(parent.email, parent.password)).statusCode).toBe(401);
  });

  it("refuses an address after 10 failures at a staff account, longer each time, not the staff elsewhere", async () => {
    const staff = await addStaff();
    const attacker = freshAddress();
    const lockOut = async () => {
      for (let i = 0; i < 10; i++) expect((await login(staff.email, "wrong", attacker)).statusCode).toBe(401);
      const blocked = await login(staff.email, staff.password, attacker);
      expect(blocked.statusCode).toBe(429);
      return blocked.json().error;
    };
    expect(await lockOut()).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect((await login(staff.email, staff.password)).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000);
    expect(await lockOut()).toBe("Too many failed sign-in attempts. Try again in 30 minutes.");
    t.clock.advance(30 * 60 * 1000);
    expect((await login(staff.email, staff.password, attacker)).statusCode).toBe(200);
  });

  it(
    "allows 100 failures per address across accounts, and does not count successful sign-ins",
    async () => {
      const address = freshAddress();
      for (let i = 0; i < 20; i++)
        expect((await login(TEST_ADMIN.email, TEST_ADMIN.password, address)).statusCode).toBe(200);
      const guesses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => login(`guess${i}@example.com`, "x", address)),
      );
      expect(guesses.every((r) => r.statusCode === 401)).toBe(true);
      expect((await login(TEST_ADMIN.email, TEST_ADMIN.password, address)).statusCode).toBe(429);
      expect((await login(TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(200);
    },
    MANY_FAILURES_MS,
  );

  it(
    "past 100 failures at a staff account, only addresses it has signed in from may go on trying",
    async () => {
      const staff = await addStaff();
      const office = freshAddress();
      expect((await login(staff.email, staff.password, office)).statusCode).toBe(200);
      // Ten addresses, ten failures each: every pair stays under its budget.
      const addresses = Array.from({ length: 10 }, () => freshAddress());
      const spread = await Promise.all(
        Array.from({ length: 100 }, (_, i) => login(staff.email, `spread ${i}`, addresses[i % 10])),
      );
      expect(spread.every((r) => r.statusCode === 401)).toBe(true);
      expect((await login(staff.email, staff.password, freshAddress())).statusCode).toBe(429);
      expect((await login(staff.email, staff.password, office)).statusCode).toBe(200);
      // Staff and parent accounts are counted apart, even under one e-mail.
      const parent = await signUpQuietly(t.app, { email: staff.email });
      const parentLogin = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: parent.email, password: parent.password },
        remoteAddress: freshAddress(),
      });
      expect(parentLogin.statusCode).toBe(200);
    },
    MANY_FAILURES_MS,
  );

  it(
    "a burst of parallel guesses cannot slip past the budget of a pair or of an account",
    async () => {
      const staff = await addStaff();
      const attacker = freshAddress();
      const fromOne = await Promise.all(Array.from({ length: 25 }, () => login(staff.email, "parallel", attacker)));
      expect(fromOne.filter((r) => r.statusCode === 401)).toHaveLength(10);
      expect(fromOne.filter((r) => r.statusCode === 429)).toHaveLength(15);
      const fromMany = await Promise.all(Array.from({ length: 110 }, () => login(staff.email, "spread")));
      expect(fromMany.filter((r) => r.statusCode === 401)).toHaveLength(90);
      expect(fromMany.filter((r) => r.statusCode === 429)).toHaveLength(20);
    },
    MANY_FAILURES_MS,
  );
});

describe("the staff guard", () => {
  it.each([
    ["no header", undefined],
    ["a made-up token", "Bearer not.a.token"],
    ["a token without the Bearer scheme", "TOKEN"],
  ])("answers 401 with %s", async (_, authorization) => {
    const res = await get("/api/admin/users", authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(signInRequired);
  });

  it("refuses a token signed with another secret", async () => {
    const { authorization } = await signInAdmin(t.app);
    expect((await get("/api/admin/users", authorization)).statusCode).toBe(200);
    const [admin] = await t.database.query<{ id: string }>("select id from admins where email = $1", [
      TEST_ADMIN.email,
    ]);
    const forged = await createAdminTokens("another secret, also thirty-two characters long").sign(
      admin?.id ?? "",
      t.clock.now(),
    );
    expect((await get("/api/admin/users", `Bearer ${forged}`)).statusCode).toBe(401);
  });

  it("tells the signed-in staff member who they are", async () => {
    const { authorization } = await signInAdmin(t.app);
    const res = await get("/api/admin/me", authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { id: expect.any(String), email: TEST_ADMIN.email, firstName: "Sam", lastName: "Staff" },
    });
    expect((await get("/api/admin/me")).statusCode).toBe(401);
  });

  it("accepts a token until 8 hours have passed, then refuses it", async () => {
    const { authorization } = await signInAdmin(t.app);
    t.clock.advance(8 * 60 * 60 * 1000 - 1000);
    expect((await get("/api/admin/analytics/overview", authorization)).statusCode).toBe(200);
    t.clock.advance(2000);
    const res = await get("/api/admin/analytics/overview", authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(signInRequired);
  });

  it("refuses the token of an admin who no longer exists", async () => {
    const { authorization } = await signInAdmin(t.app);
    await t.database.query("delete from admins where email = $1", [TEST_ADMIN.email]);
    expect((await get("/api/admin/automations", authorization)).statusCode).toBe(401);
  });

  it("guards unknown paths under /api/admin too, answering 404 only to staff", async () => {
    expect((await get("/api/admin/no-such-thing")).json()).toEqual(signInRequired);
    expect((await get("/api/admin")).statusCode).toBe(401);
    const { authorization } = await signInAdmin(t.app);
    const missing = await get("/api/admin/no-such-thing", authorization);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Not found", error: "Not found" });
  });

  it("refuses a parent's session cookie on staff routes, and a staff token on parents' routes", async () => {
    const parent = await signUpQuietly(t.app);
    const asParent = await get("/api/admin/users", undefined, parent.cookie);
    expect(asParent.statusCode).toBe(401);
    expect(asParent.json()).toEqual(signInRequired);
    const { authorization } = await signInAdmin(t.app);
    expect((await get("/api/auth/user", authorization)).statusCode).toBe(401);
    expect((await get("/api/usage", authorization)).statusCode).toBe(401);
    expect((await get("/api/support/tickets", authorization)).statusCode).toBe(401);
  });

  it("lets a same-origin or Origin-less staff write through and refuses a foreign Origin with 403", async () => {
    const { authorization } = await signInAdmin(t.app);
    const post = (origin?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/tickets/00000000-0000-4000-8000-000000000000/close",
        headers: { authorization, host: "pocketwise.test", ...(origin ? { origin } : {}) },
      });
    expect((await post()).statusCode).toBe(404);
    expect((await post("http://pocketwise.test")).statusCode).toBe(404);
    const foreign = await post("https://evil.example");
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe("Cross-origin request refused");
  });
});

describe("staff lists", () => {
  let authorization: string;
  beforeAll(async () => {
    ({ authorization } = await signInAdmin(t.app));
  });

  it("GET /api/admin/users lists parents newest first, with a limit", async () => {
    t.clock.advance(1000);
    const first = await signUpQuietly(t.app, { firstName: "Olive", lastName: "Older" });
    t.clock.advance(1000);
    const second = await signUpQuietly(t.app, { firstName: "Nina", lastName: "Newer" });
    const res = await get("/api/admin/users?limit=2", authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: second.user.id, email: second.email, name: "Nina Newer", createdAt: t.clock.now().toISOString() },
      { id: first.user.id, email: first.email, name: "Olive Older", createdAt: expect.any(String) },
    ]);
  });

  it("filters parents by e-mail or name, in any letter case, with % and _ taken literally", async () => {
    t.clock.advance(1000);
    const quinn = await signUpQuietly(t.app, { firstName: "Quinn", lastName: "Zebrafish", email: "q_z@example.com" });
    const byName = await get("/api/admin/users?q=zEbRa", authorization);
    expect(byName.json().map((p: { id: string }) => p.id)).toEqual([quinn.user.id]);
    const byFullName = await get("/api/admin/users?q=quinn%20zebra", authorization);
    expect(byFullName.json().map((p: { id: string }) => p.id)).toEqual([quinn.user.id]);
    const byEmail = await get("/api/admin/users?q=Q_Z@", authorization);
    expect(byEmail.json().map((p: { id: string }) => p.id)).toEqual([quinn.user.id]);
    expect((await get("/api/admin/users?q=%25", authorization)).json()).toEqual([]);
  });

  it.each(["0", "101", "abc", "2.5", "0x10", "1e1", " 5", "-0"])("refuses limit=%s with 400", async (limit) => {
    const res = await get(`/api/admin/users?limit=${limit}`, authorization);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "limit", message: "Limit must be a whole number from 1 to 100" }]);
    expect(res.json().error).toBe("Limit must be a whole number from 1 to 100");
  });

  it("GET /api/admin/automations describes the seeded workflows and their steps in words", async () => {
    const res = await get("/api/admin/automations", authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        key: "payment-recovery",
        name: "Payment recovery",
        category: "retention",
        triggerEvent: "payment.failed",
        isActive: true,
        steps: [
          "Send the payment failed e-mail",
          "Wait 3 days",
          "Send the payment reminder e-mail",
          "Open a high-priority support ticket",
          "Wait 4 days",
          "Send the payment suspended e-mail",
        ],
      }),
      expect.objectContaining({
        key: "onboarding",
        name: "Welcome sequence",
        category: "onboarding",
        triggerEvent: "user.signup",
        isActive: true,
        steps: ["Send the welcome e-mail", "Wait 24 hours", "Send the first steps e-mail"],
      }),
    ]);
  });

  describe("with executions", () => {
    let parentA: Awaited<ReturnType<typeof signUpParent>>;
    let parentB: Awaited<ReturnType<typeof signUpParent>>;
    const ids: string[] = [];
    beforeAll(async () => {
      parentA = await signUpQuietly(t.app);
      parentB = await signUpQuietly(t.app);
      const base = t.clock.now().getTime();
      const runs = [
        ["onboarding", parentA.user.id, "completed"],
        ["onboarding", parentB.user.id, "waiting"],
        ["payment-recovery", parentA.user.id, "failed"],
        ["payment-recovery", parentB.user.id, "completed"],
      ] as const;
      for (const [i, [key, userId, status]] of runs.entries()) {
        const [row] = await t.database.query<{ id: string }>(
          `insert into workflow_executions (workflow_id, user_id, status, current_step, error, started_at)
           select id, $2, $3, 1, $4, $5::timestamptz from workflows where key = $1 returning id`,
          [key, userId, status, status === "failed" ? "SMTP refused" : null, new Date(base + i * 1000).toISOString()],
        );
        ids.push(row?.id ?? "");
      }
    });

    it("GET /api/admin/executions lists runs newest first with workflow and user", async () => {
      const res = await get("/api/admin/executions?limit=3", authorization);
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.map((e: { id: string }) => e.id)).toEqual([ids[3], ids[2], ids[1]]);
      expect(list[1]).toEqual({
        id: ids[2],
        workflowId: expect.any(String),
        workflowName: "Payment recovery",
        userId: parentA.user.id,
        userEmail: parentA.email,
        status: "failed",
        currentStep: 1,
        totalSteps: 6,
        resumeAt: null,
        error: "SMTP refused",
        startedAt: expect.any(String),
        completedAt: null,
      });
    });

    it("GET /api/admin/analytics/overview counts parents, runs, tickets and every status", async () => {
      const res = await get("/api/admin/analytics/overview", authorization);
      expect(res.statusCode).toBe(200);
      const parents = Number((await t.database.query<{ n: string }>("select count(*) as n from users"))[0]?.n);
      const tickets = Number(
        (await t.database.query<{ n: string }>("select count(*) as n from support_tickets"))[0]?.n,
      );
      expect(res.json()).toEqual({
        overview: {
          totalUsers: parents,
          totalExecutions: 4,
          totalTickets: tickets,
          executionStats: [
            { status: "running", count: 0 },
            { status: "waiting", count: 1 },
            { status: "completed", count: 2 },
            { status: "failed", count: 1 },
          ],
          totalConsents: 0,
          totalDemoRequests: 0,
          totalNewsletterSubscribers: 0,
        },
      });
    });
  });
});
