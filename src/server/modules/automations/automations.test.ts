import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type AppConfig, buildApp } from "../../app";
import { signInAdmin } from "../../test-support/admin";

import { createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";

const HOUR = 3_600_000;

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
let outboxDir: string;
let config: AppConfig;
const extraApps: FastifyInstance[] = [];

beforeAll(async () => {
  outboxDir = mkdtempSync(path.join(os.tmpdir(), "pw-automations-test-"));
  const mail = { smtpUrl: null, outboxDir, from: "Pocketwise <hello@pocketwise.test>" };
  t = await createTestApp({ mail });
  config = {
    cookieSecure: false,
    appOrigin: null,
    oidc: null,
    clientDir: null,
    now: t.clock.now,
    trustProxy: true,
    mail,
  };
}, SLOW_START_MS);

afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t?.close();
  rmSync(outboxDir, { recursive: true, force: true });
}, SLOW_START_MS);

/** Another app instance on the same database and clock, as a second server process would be. */
async function anotherApp(overrides: Partial<AppConfig> = {}) {
  const app = await buildApp({ ...config, ...overrides }, t.database);
  await app.ready();
  extraApps.push(app);
  return app;
}

async function closeApp(app: FastifyInstance) {
  extraApps.splice(extraApps.indexOf(app), 1);
  await app.close();
}

/** Signs in afresh each time: tokens expire within 8 hours and the tests move the clock by days. */
const trigger = async (workflow: string, payload: unknown, app = t.app, signedIn = true) =>
  app.inject({
    method: "POST",
    url: `/api/admin/trigger/${workflow}`,
    headers: signedIn ? { authorization: (await signInAdmin(app)).authorization } : {},
    payload: payload as Record<string, unknown>,
  });

async function execution(id: string) {
  const [row] = await t.database.query<{
    status: string;
    current_step: number;
    resume_at: Date | null;
    completed_at: Date | null;
    error: string | null;
    log: { step: number; kind: string; detail: string }[];
  }>("select * from workflow_executions where id = $1", [id]);
  if (!row) throw new Error(`no execution ${id}`);
  return row;
}

/** The .eml files addressed to `email`, oldest first. */
function mailsTo(email: string) {
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readFileSync(path.join(outboxDir, name), "utf8"))
    .filter((eml) => eml.includes(`To: ${email}`));
}

const subjectOf = (eml: string) => /^Subject: (.*)$/m.exec(eml)?.[1];

describe("POST /api/admin/trigger/onboarding", () => {
  it("welcomes the parent, waits 24 hours by the app's clock, then sends the first steps and completes", async () => {
    const parent = await signUpQuietly(t.app, { firstName: "Robin" });
    const res = await trigger("onboarding", { userId: parent.user.id });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      workflowName: "Welcome sequence",
      userId: parent.user.id,
      userEmail: parent.email,
      status: "running",
      currentStep: 0,
      totalSteps: 3,
      resumeAt: null,
      error: null,
      completedAt: null,
    });

    expect(await t.app.automations.runDue()).toBeGreaterThanOrEqual(1);
    const sentAt = t.clock.now().getTime();
    const waiting = await execution(created.id);
    expect(waiting).toMatchObject({ status: "waiting", current_step: 2 });
    expect(waiting.resume_at?.getTime()).toBe(sentAt + 24 * HOUR);
    const [welcome, ...others] = mailsTo(parent.email);
    expect(others).toEqual([]);
    expect(subjectOf(welcome ?? "")).toBe("Welcome to Pocketwise");
    expect(welcome).toContain("From: Pocketwise <hello@pocketwise.test>");
    expect(welcome).toContain("Hi Robin,");
    expect(welcome).toContain("Content-Type: text/html");

    t.clock.advance(24 * HOUR - 1000);
    await t.app.automations.runDue();
    expect((await execution(created.id)).status).toBe("waiting");

    t.clock.advance(1000);
    await t.app.automations.runDue();
    const done = await execution(created.id);
    expect(done).toMatchObject({ status: "completed", current_step: 3, error: null, resume_at: null });
    expect(done.completed_at?.getTime()).toBe(t.clock.now().getTime());
    expect(done.log.map((e) => [e.step, e.kind])).toEqual([
      [0, "send_email"],
      [1, "wait"],
      [2, "send_email"],
    ]);
    expect(done.log[0]?.detail).toMatch(/^Sent the welcome e-mail to .*, written to outbox\/.*\.eml$/);
    expect(mailsTo(parent.email).map(subjectOf)).toEqual(["Welcome to Pocketwise", "Your first steps with Pocketwise"]);
  });

  it("answers 400 with the field when userId is missing", async () => {
    const res = await trigger("onboarding", {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "User id is required",
      error: "User id is required",
      errors: [{ field: "userId", message: "User id is required" }],
    });
  });

  it.each([
    ["an unknown id", "00000000-0000-4000-8000-000000000000"],
    ["a malformed id", "not-a-user"],
  ])("answers 404 for %s", async (_label, userId) => {
    const before = await t.database.query("select id from workflow_executions");
    const res = await trigger("onboarding", { userId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: "User not found", error: "User not found" });
    expect(await t.database.query("select id from workflow_executions")).toHaveLength(before.length);
  });

  it("needs a staff token", async () => {
    const parent = await signUpQuietly(t.app);
    const res = await trigger("onboarding", { userId: parent.user.id }, t.app, false);
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/admin/trigger/payment-recovery", () => {
  it("e-mails the parent, reminds them and opens a high-priority ticket 3 days later, and tells of the suspension at 7 days", async () => {
    const parent = await signUpQuietly(t.app, { firstName: "Jo" });
    const res = await trigger("payment-recovery", { userId: parent.user.id });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();

    await t.app.automations.runDue();
    expect(await execution(id)).toMatchObject({ status: "waiting", current_step: 2 });
    expect(mailsTo(parent.email).map(subjectOf)).toEqual(["Your Pocketwise payment did not go through"]);
    expect(mailsTo(parent.email)[0]).toContain("Hi Jo,");

    t.clock.advance(71 * HOUR);
    await t.app.automations.runDue();
    expect((await execution(id)).status).toBe("waiting");

    t.clock.advance(HOUR);
    await t.app.automations.runDue();
    expect(await execution(id)).toMatchObject({ status: "waiting", current_step: 5 });
    expect(mailsTo(parent.email).map(subjectOf)).toEqual([
      "Your Pocketwise payment did not go through",
      "Reminder: your Pocketwise payment is still failing",
    ]);
    const tickets = await t.database.query<{ ticket_number: string; priority: string; subject: string }>(
      "select * from support_tickets where execution_id = $1 and user_id = $2",
      [id, parent.user.id],
    );
    expect(tickets).toEqual([expect.objectContaining({ priority: "high", subject: "Payment still failing" })]);

    t.clock.advance(96 * HOUR);
    await t.app.automations.runDue();
    const done = await execution(id);
    expect(done.status).toBe("completed");
    expect(mailsTo(parent.email).map(subjectOf).at(-1)).toBe(
      "Your family is on Free plan limits until your payment goes through",
    );
    expect(done.log.find((e: { kind: string }) => e.kind === "create_ticket")).toMatchObject({
      detail: `Opened support ticket ${tickets[0]?.ticket_number}`,
    });
  });

  it("answers 409 while the automation is turned off", async () => {
    const parent = await signUpQuietly(t.app);
    await t.database.query("update workflows set is_active = false where key = 'payment-recovery'");
    try {
      const res = await trigger("payment-recovery", { userId: parent.user.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: "This automation is turned off" });
    } finally {
      await t.database.query("update workflows set is_active = true where key = 'payment-recovery'");
    }
  });
});

describe("the automation engine", () => {
  it("tries an e-mail three times, a minute and five minutes apart, then fails with the reason", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const smtpApp = await anotherApp({
      mail: { smtpUrl: `smtp://127.0.0.1:${closedPort}`, outboxDir, from: "Pocketwise <hello@pocketwise.test>" },
    });
    const parent = await signUpQuietly(t.app);
    const { id } = await smtpApp.automations.trigger("onboarding", parent.user.id);

    await smtpApp.automations.runDue();
    const first = await execution(id);
    expect(first).toMatchObject({ status: "waiting", current_step: 0, error: null });
    expect(first.resume_at?.getTime()).toBe(t.clock.now().getTime() + 60_000);
    expect(first.log).toEqual([
      expect.objectContaining({ step: 0, kind: "retry", detail: expect.stringMatching(/^Attempt 1 .*ECONNREFUSED/) }),
    ]);

    t.clock.advance(60_000);
    await smtpApp.automations.runDue();
    const second = await execution(id);
    expect(second.status).toBe("waiting");
    expect(second.resume_at?.getTime()).toBe(t.clock.now().getTime() + 5 * 60_000);

    t.clock.advance(5 * 60_000);
    await smtpApp.automations.runDue();
    const failed = await execution(id);
    expect(failed).toMatchObject({ status: "failed", current_step: 0, resume_at: null, completed_at: null });
    expect(failed.error).toMatch(/^Could not send the welcome e-mail after 3 attempts: .*ECONNREFUSED/);
    expect(failed.log.map((e) => e.kind)).toEqual(["retry", "retry", "send_email"]);
    expect(mailsTo(parent.email)).toEqual([]);
  });

  it("fails at once, without retrying, on a step it cannot do", async () => {
    const [workflow] = await t.database.query<{ steps: unknown }>(
      "select steps from workflows where key = 'onboarding'",
    );
    await t.database.query(
      `update workflows set steps = '[{"kind":"send_email","template":"no-such-mail"}]'::jsonb where key = 'onboarding'`,
    );
    try {
      const parent = await signUpQuietly(t.app);
      const { id } = await t.app.automations.trigger("onboarding", parent.user.id);
      await t.app.automations.runDue();
      expect(await execution(id)).toMatchObject({
        status: "failed",
        error: 'There is no e-mail called "no-such-mail"',
      });
    } finally {
      await t.database.query("update workflows set steps = $1::jsonb where key = 'onboarding'", [
        JSON.stringify(workflow?.steps),
      ]);
    }
  });

  it("never sends an e-mail twice when several workers run due work at once", async () => {
    const other = await anotherApp();
    const parents = await Promise.all([signUpQuietly(t.app), signUpQuietly(t.app), signUpQuietly(t.app)]);
    const ids = await Promise.all(
      parents.map(async (p) => (await t.app.automations.trigger("onboarding", p.user.id)).id),
    );

    await Promise.all([t.app.automations.runDue(), t.app.automations.runDue(), other.automations.runDue()]);
    for (const [i, parent] of parents.entries()) {
      expect(mailsTo(parent.email)).toHaveLength(1);
      expect((await execution(ids[i] as string)).log).toHaveLength(2);
    }

    t.clock.advance(24 * HOUR);
    await Promise.all([other.automations.runDue(), t.app.automations.runDue(), other.automations.runDue()]);
    for (const [i, parent] of parents.entries()) {
      expect(mailsTo(parent.email)).toHaveLength(2);
      expect((await execution(ids[i] as string)).status).toBe("completed");
    }
  });

  it("runs on its own with the worker on, and a waiting execution completes after a restart", async () => {
    const workerConfig = { automations: { worker: true } };
    const first = await anotherApp(workerConfig);
    expect(first.automations.isRunning()).toBe(true);
    const parent = await signUpQuietly(t.app);
    const res = await trigger("onboarding", { userId: parent.user.id }, first);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();

    // pg-boss delivers the job: nobody calls runDue here.
    await vi.waitFor(async () => expect((await execution(id)).status).toBe("waiting"), {
      timeout: 20_000,
      interval: 100,
    });
    expect(mailsTo(parent.email)).toHaveLength(1);
    await closeApp(first);
    expect(first.automations.isRunning()).toBe(false);

    t.clock.advance(24 * HOUR);
    const second = await anotherApp(workerConfig);
    await vi.waitFor(async () => expect((await execution(id)).status).toBe("completed"), {
      timeout: 20_000,
      interval: 100,
    });
    expect(mailsTo(parent.email).map(subjectOf)).toEqual(["Welcome to Pocketwise", "Your first steps with Pocketwise"]);
    await closeApp(second);
  }, 60_000);
});
