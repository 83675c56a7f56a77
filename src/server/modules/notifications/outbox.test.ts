import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { type Database, openDatabase } from "../../db/client";
import { readOutbox } from "../../test-support/outbox";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";
import { LEASE_MS, MAX_ATTEMPTS, retryDelayMs } from "./outbox.service";

/*
 * Decision 133: the notification worker sends each message once, whichever instance claims it, retries
 * with backoff, gives up after MAX_ATTEMPTS, and takes over a claim whose sender vanished once its lease ends.
 */
let t: TestApp;
let outboxDir: string;
/** A second app instance on the same database, as a second server process would be. */
let second: { app: FastifyInstance; database: Database; ownDatabase: boolean };

const mail = (dir: string, smtpUrl: string | null = null) => ({
  smtpUrl,
  outboxDir: dir,
  from: "Pocketwise <hi@pw.test>",
});

beforeAll(async () => {
  outboxDir = mkdtempSync(path.join(os.tmpdir(), "pw-outbox-test-"));
  t = await createTestApp({ mail: mail(outboxDir) });
  // PostgreSQL: a pool of its own, as another process has. PGlite has one client, which both apps share.
  const ownDatabase = t.database.connection.kind === "postgres";
  const database =
    t.database.connection.kind === "postgres"
      ? await openDatabase({ kind: "postgres", url: t.database.connection.url })
      : t.database;
  const app = await buildApp(
    { cookieSecure: false, appOrigin: null, oidc: null, clientDir: null, now: t.clock.now, mail: mail(outboxDir) },
    database,
  );
  await app.ready();
  second = { app, database, ownDatabase };
}, SLOW_START_MS);

afterAll(async () => {
  await second?.app.close();
  if (second?.ownDatabase) await second.database.close();
  await t?.close();
  rmSync(outboxDir, { recursive: true, force: true });
}, SLOW_START_MS);

const submit = (app: FastifyInstance, cookie: string, childId: string, retailer: string, price: string) =>
  app.inject({
    method: "POST",
    url: `/api/children/${childId}/carts`,
    headers: { cookie },
    payload: { retailer, items: [{ name: "Thing", price, quantity: 1 }] },
  });

const rowsOf = (type: string) =>
  t.database.query<{ channel: string; status: string; attempts: number; last_error: string | null }>(
    "select channel, status, attempts, last_error from outbound_messages where type = $1",
    [type],
  );

describe("two instances", () => {
  it("never send one message twice, however their runs overlap", async () => {
    const parent = await signUpParent(t.app);
    await setTier(t.database, parent.user.id, "family");
    const child = await addChild(t.app, parent.cookie, { autoApprovalLimit: "1.00" });
    const retailers = Array.from({ length: 12 }, (_, i) => `Race Shop ${i}`);
    await Promise.all(retailers.map((r, i) => submit(i % 2 ? second.app : t.app, parent.cookie, child.id, r, "5.00")));

    await Promise.all([
      t.app.notifications.runDue(),
      second.app.notifications.runDue(),
      t.app.notifications.runDue(),
      second.app.notifications.runDue(),
    ]);
    await Promise.all([t.app.notifications.runDue(), second.app.notifications.runDue()]);

    const mails = readOutbox(outboxDir).filter((m) => m.to === parent.email && m.subject.includes("Race Shop"));
    expect(mails.map((m) => m.subject).sort()).toEqual(retailers.map((r) => `Maya is asking for $5.00 at ${r}`).sort());
    const rows = await rowsOf("cart.waiting");
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});

describe("a mail server that does not answer", () => {
  let failing: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every SMTP connection is refused at once.
    failing = await createTestApp({ mail: mail(outboxDir, "smtp://127.0.0.1:1") });
  }, SLOW_START_MS);
  afterAll(async () => {
    await failing?.close();
  }, SLOW_START_MS);

  it("is tried again after a growing delay, and given up after the last attempt", async () => {
    const parent = await signUpParent(failing.app);
    const child = await addChild(failing.app, parent.cookie, { autoApprovalLimit: "1.00" });
    await submit(failing.app, parent.cookie, child.id, "Nowhere", "4.00");
    const message = async () =>
      (
        await failing.database.query<{ status: string; attempts: number; next_attempt_at: Date; last_error: string }>(
          "select status, attempts, next_attempt_at, last_error from outbound_messages where type = 'cart.waiting' and channel = 'email'",
        )
      )[0];
    const tokens = async () =>
      (await failing.database.query("select 1 from decision_tokens join carts on carts.id = cart_id")).length;

    await failing.app.notifications.runDue();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const row = await message();
      expect(row?.attempts).toBe(attempt);
      expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i);
      // Links in an e-mail that never left are dropped again.
      expect(await tokens()).toBe(0);
      if (attempt < MAX_ATTEMPTS) {
        expect(row?.status).toBe("queued");
        const wait = retryDelayMs(attempt);
        expect(new Date(row?.next_attempt_at as Date).getTime()).toBe(failing.clock.now().getTime() + wait);
        // Not a moment early.
        failing.clock.advance(wait - 1000);
        await failing.app.notifications.runDue();
        expect((await message())?.attempts).toBe(attempt);
        failing.clock.advance(1000);
        await failing.app.notifications.runDue();
      } else {
        expect(row?.status).toBe("failed");
      }
    }
    failing.clock.advance(24 * 3600_000);
    await failing.app.notifications.runDue();
    expect((await message())?.attempts).toBe(MAX_ATTEMPTS);
  });
});

describe("a sender that vanished mid-send", () => {
  it("keeps its claim until the lease ends; then another sends it, once", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie, { autoApprovalLimit: "1.00" });
    await submit(t.app, parent.cookie, child.id, "Crash Shop", "3.00");
    await t.app.notifications.runDue();
    const sent = () =>
      readOutbox(outboxDir).filter((m) => m.to === parent.email && m.subject.endsWith("at Crash Shop")).length;
    expect(sent()).toBe(1);

    // As a crash leaves it: claimed for the lease, never settled.
    await t.database.query(
      "update outbound_messages set status = 'sending', attempts = 1, next_attempt_at = $1 where type = 'cart.waiting' and user_id = $2",
      [new Date(t.clock.now().getTime() + LEASE_MS).toISOString(), parent.user.id],
    );
    await Promise.all([t.app.notifications.runDue(), second.app.notifications.runDue()]);
    expect(sent()).toBe(1);
    t.clock.advance(LEASE_MS);
    try {
      await Promise.all([t.app.notifications.runDue(), second.app.notifications.runDue()]);
      expect(sent()).toBe(2);
    } finally {
      t.clock.advance(-LEASE_MS);
    }
  });
});
