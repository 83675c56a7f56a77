import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import {
  addChild,
  createTestApp,
  insertCart,
  SLOW_START_MS,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";
import { cutoffBefore, RETENTION_RULES, type RetentionRuleName } from "./retention.service";

/*
 * docs/retention.md: for each rule, one row just past its limit and one just inside it. Applying the policy
 * deletes exactly the first; moving the clock two minutes on deletes the second. Rows the policy never
 * deletes (family data in use, work still to do) stay through every run, however old.
 */

const T = new Date("2026-11-24T12:00:00.000Z");
const MINUTE = 60_000;
const minus = (date: Date, ms: number) => new Date(date.getTime() - ms);
const iso = (date: Date) => date.toISOString();
const uniq = () => randomBytes(6).toString("hex");

let t: TestApp;
let db: Database;
let outboxDir: string;
let familyId: string;
let childId: string;
let merchantId: string;
let workflowId: string;

/** A row for `rule` whose period runs from `from`; answers how to tell whether it is still there. */
type Fixture = (from: Date) => Promise<() => Promise<boolean>>;

async function exists(sql: string, params: unknown[]) {
  return (await db.query(sql, params)).length > 0;
}

async function inserted(table: string, key: string, sql: string, params: unknown[]) {
  const [row] = await db.query<Record<string, string>>(`${sql} returning ${key}`, params);
  const value = row?.[key];
  return () => exists(`select 1 from ${table} where ${key} = $1`, [value]);
}

const fixtures: Record<RetentionRuleName, Fixture> = {
  sessions: (from) =>
    inserted("sessions", "sid", "insert into sessions (sid, sess, expire) values ($1, $2::jsonb, $3)", [
      uniq(),
      JSON.stringify({ kind: "child", childId, parentId: familyId }),
      iso(from),
    ]),
  childLoginCodes: (from) =>
    inserted(
      "child_login_codes",
      "code_hash",
      "insert into child_login_codes (code_hash, child_id, expires_at) values ($1, $2, $3)",
      [uniq(), childId, iso(from)],
    ),
  passwordResets: (from) =>
    inserted(
      "password_resets",
      "token_hash",
      "insert into password_resets (token_hash, user_id, expires_at) values ($1, $2, $3)",
      [uniq(), familyId, iso(from)],
    ),
  emailChanges: (from) =>
    inserted(
      "email_changes",
      "token_hash",
      "insert into email_changes (token_hash, user_id, new_email, expires_at) values ($1, $2, $3, $4)",
      [uniq(), familyId, `${uniq()}@example.com`, iso(from)],
    ),
  familyInvitations: (from) =>
    inserted(
      "family_invitations",
      "token_hash",
      "insert into family_invitations (token_hash, family_id, email, expires_at) values ($1, $2, $3, $4)",
      [uniq(), familyId, `${uniq()}@example.com`, iso(from)],
    ),
  childDevices: (from) =>
    inserted(
      "child_devices",
      "id",
      "insert into child_devices (child_id, kind, name, expires_at) values ($1, 'browser', 'Tablet', $2)",
      [childId, iso(from)],
    ),
  rateLimits: (from) =>
    inserted("rate_limits", "key", "insert into rate_limits (key, count, reset_at) values ($1, 3, $2)", [
      uniq(),
      iso(from),
    ]),
  liveEvents: (from) =>
    inserted(
      "events",
      "id",
      "insert into events (family_id, type, data, created_at) values ($1, 'child.updated', '{}', $2)",
      [familyId, iso(from)],
    ),
  idempotentResponses: (from) =>
    inserted(
      "idempotent_responses",
      "key",
      "insert into idempotent_responses (key, status_code, body, created_at) values ($1, '200', '{}', $2)",
      [uniq(), iso(from)],
    ),
  referralInvites: (from) =>
    inserted("referral_invites", "id", "insert into referral_invites (user_id, email, sent_at) values ($1, $2, $3)", [
      familyId,
      `${uniq()}@example.com`,
      iso(from),
    ]),
  decisionTokens: async (from) => {
    const cartId = await insertCart(db, childId, { status: "pending" });
    return inserted(
      "decision_tokens",
      "token_hash",
      "insert into decision_tokens (token_hash, user_id, cart_id, decision, total, expires_at) values ($1, $2, $3, 'approved', '5.00', $4)",
      [uniq(), familyId, cartId, iso(from)],
    );
  },
  outboundMessages: (from) =>
    inserted(
      "outbound_messages",
      "id",
      "insert into outbound_messages (channel, user_id, type, payload, status, created_at) values ('email', $1, 'cart.waiting', '{}', 'sent', $2)",
      [familyId, iso(from)],
    ),
  outboxFiles: async (from) => {
    const name = `${iso(from).replaceAll(":", "-")}-${randomBytes(4).toString("hex")}.eml`;
    writeFileSync(path.join(outboxDir, name), "Subject: Maya asked for a kite\r\n\r\nHello");
    return async () => existsSync(path.join(outboxDir, name));
  },
  merchantWebhooks: (from) =>
    inserted(
      "webhook_events",
      "id",
      "insert into webhook_events (id, merchant_id, type, body, status, created_at) values ($1, $2, 'checkout.approved', '{}', 'delivered', $3)",
      [`evt_${uniq()}`, merchantId, iso(from)],
    ),
  checkoutSessions: (from) =>
    inserted(
      "checkout_sessions",
      "id",
      `insert into checkout_sessions (merchant_id, reference, items, total, success_url, cancel_url, status, expires_at)
       values ($1, $2, '[]', '5.00', 'https://shop.example/ok', 'https://shop.example/no', 'expired', $3)`,
      [merchantId, uniq(), iso(from)],
    ),
  stripeEvents: (from) =>
    inserted(
      "stripe_events",
      "id",
      "insert into stripe_events (id, type, created, outcome, received_at) values ($1, 'invoice.paid', $2, 'applied', $2)",
      [`evt_${uniq()}`, iso(from)],
    ),
  workflowExecutions: (from) =>
    inserted(
      "workflow_executions",
      "id",
      "insert into workflow_executions (workflow_id, user_id, status, started_at, completed_at, updated_at) values ($1, $2, 'completed', $3, $3, $3)",
      [workflowId, familyId, iso(from)],
    ),
  demoRequests: (from) =>
    inserted(
      "demo_requests",
      "id",
      "insert into demo_requests (first_name, last_name, email, created_at) values ('Dana', 'Visitor', $1, $2)",
      [`${uniq()}@example.com`, iso(from)],
    ),
  consentForms: (from) =>
    inserted(
      "consents",
      "id",
      `insert into consents (child_age, full_name, email, phone, relationship, data_collection, educational, third_party, marketing, created_at)
       values (10, 'Dana Visitor', $1, '555-0100', 'parent', true, true, true, false, $2)`,
      [`${uniq()}@example.com`, iso(from)],
    ),
  supportTickets: (from) =>
    inserted(
      "support_tickets",
      "id",
      "insert into support_tickets (user_id, subject, description, priority, status, closed_at) values ($1, 'Help', 'Please', 'low', 'closed', $2)",
      [familyId, iso(from)],
    ),
  carts: async (from) => {
    const id = await insertCart(db, childId, { status: "approved", createdAt: minus(from, 60 * MINUTE) });
    await db.query("update carts set decided_at = $2, approved_at = $2 where id = $1", [id, iso(from)]);
    return () => exists("select 1 from carts where id = $1", [id]);
  },
  staffAuditLog: (from) =>
    inserted(
      "staff_audit_log",
      "id",
      "insert into staff_audit_log (admin_email, action, created_at) values ('staff@example.com', 'plan.set', $1)",
      [iso(from)],
    ),
};

const rules = Object.keys(RETENTION_RULES) as RetentionRuleName[];

beforeAll(async () => {
  outboxDir = mkdtempSync(path.join(os.tmpdir(), "pw-retention-outbox-"));
  t = await createTestApp({ mail: { smtpUrl: null, outboxDir, from: "Pocketwise <hello@pocketwise.local>" } });
  t.clock.set(T);
  db = t.database;
  const parent = await signUpParent(t.app);
  familyId = parent.user.id;
  childId = (await addChild(t.app, parent.cookie, { name: "Maya", age: 14 })).id;
  [{ id: merchantId } = { id: "" }] = await db.query<{ id: string }>(
    "insert into merchants (name, domain, webhook_url, api_key_hash, webhook_secret_encrypted) values ('Little Market', 'shop.example', 'https://shop.example/hook', $1, 'x') returning id",
    [uniq()],
  );
  [{ id: workflowId } = { id: "" }] = await db.query<{ id: string }>(
    "insert into workflows (key, name, description, category, trigger_event, steps) values ($1, 'Test', 'Test', 'engagement', 'test.event', '[]') returning id",
    [`retention-${uniq()}`],
  );
}, SLOW_START_MS);

afterAll(async () => {
  await t?.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

describe("applying the retention policy", () => {
  it("deletes exactly what is past each limit, and the rest once the clock passes it", async () => {
    t.clock.set(T);
    const rows: Record<string, { old: () => Promise<boolean>; young: () => Promise<boolean> }> = {};
    for (const rule of rules) {
      const cutoff = cutoffBefore(T, RETENTION_RULES[rule].keep);
      rows[rule] = {
        old: await fixtures[rule](minus(cutoff, MINUTE)),
        young: await fixtures[rule](new Date(cutoff.getTime() + MINUTE)),
      };
    }

    const first = await t.app.applyRetention();
    for (const rule of rules) {
      expect(await rows[rule]?.old(), `${rule}: the row past its limit is gone`).toBe(false);
      expect(await rows[rule]?.young(), `${rule}: the row inside its limit stays`).toBe(true);
      expect(first[rule], `${rule}: deleted one`).toBe(1);
    }

    // Applied again at the same moment, it finds nothing more.
    expect(Object.values(await t.app.applyRetention()).every((n) => n === 0)).toBe(true);

    t.clock.advance(2 * MINUTE);
    const second = await t.app.applyRetention();
    for (const rule of rules) {
      expect(await rows[rule]?.young(), `${rule}: gone once the clock passes its limit`).toBe(false);
      expect(second[rule], `${rule}: deleted one`).toBe(1);
    }
  });

  it("counts 7 years for carts from the last of sending, deciding and completing", async () => {
    t.clock.set(T);
    const eightYearsAgo = new Date("2018-11-24T12:00:00.000Z");
    const completedLater = await insertCart(db, childId, { status: "completed", createdAt: eightYearsAgo });
    await db.query("update carts set decided_at = $2, completed_at = $3 where id = $1", [
      completedLater,
      iso(eightYearsAgo),
      "2020-01-15T00:00:00.000Z",
    ]);
    const declined = await insertCart(db, childId, { status: "declined", createdAt: eightYearsAgo });
    await db.query("update carts set decided_at = $2 where id = $1", [declined, iso(eightYearsAgo)]);

    await t.app.applyRetention();
    expect(await exists("select 1 from carts where id = $1", [declined])).toBe(false);
    expect(await exists("select 1 from carts where id = $1", [completedLater])).toBe(true);

    t.clock.set("2027-01-16T00:00:00.000Z");
    await t.app.applyRetention();
    expect(await exists("select 1 from carts where id = $1", [completedLater])).toBe(false);
  });

  it("never deletes what the family still uses or work still to do, however old", async () => {
    t.clock.set(T);
    const longAgo = "2010-01-01T00:00:00.000Z";
    const pendingCart = await insertCart(db, childId, { status: "pending", createdAt: new Date(longAgo) });
    const [sessionWithCart] = await db.query<{ id: string }>(
      `insert into checkout_sessions (merchant_id, reference, items, total, success_url, cancel_url, status, cart_id, expires_at)
       values ($1, $2, '[]', '5.00', 'https://shop.example/ok', 'https://shop.example/no', 'pending', $3, $4) returning id`,
      [merchantId, uniq(), pendingCart, longAgo],
    );
    const [queued] = await db.query<{ id: string }>(
      "insert into outbound_messages (channel, user_id, type, payload, status, created_at) values ('email', $1, 'cart.waiting', '{}', 'queued', $2) returning id",
      [familyId, longAgo],
    );
    const [retrying] = await db.query<{ id: string }>(
      "insert into webhook_events (id, merchant_id, type, body, status, created_at) values ($1, $2, 'checkout.approved', '{}', 'pending', $3) returning id",
      [`evt_${uniq()}`, merchantId, longAgo],
    );
    const [openTicket] = await db.query<{ id: string }>(
      "insert into support_tickets (user_id, subject, description, priority, status, created_at) values ($1, 'Help', 'Please', 'low', 'open', $2) returning id",
      [familyId, longAgo],
    );
    const [waiting] = await db.query<{ id: string }>(
      "insert into workflow_executions (workflow_id, user_id, status, started_at, updated_at, resume_at) values ($1, $2, 'waiting', $3, $3, $3) returning id",
      [workflowId, familyId, longAgo],
    );
    const [chore] = await db.query<{ id: string }>(
      "insert into chores (child_id, title, reward, is_completed, completed_at, created_at) values ($1, 'Dishes', '2.00', true, $2, $2) returning id",
      [childId, longAgo],
    );
    const [subscriber] = await db.query<{ id: string }>(
      "insert into newsletter_subscribers (email, created_at) values ($1, $2) returning id",
      [`${uniq()}@example.com`, longAgo],
    );
    await db.query("update children set is_active = false, created_at = $2 where id = $1", [childId, longAgo]);
    const stranger = path.join(outboxDir, "README.txt");
    writeFileSync(stranger, "not an e-mail");

    t.clock.set("2030-01-01T00:00:00.000Z");
    await t.app.applyRetention();

    expect(await exists("select 1 from carts where id = $1", [pendingCart])).toBe(true);
    expect(await exists("select 1 from checkout_sessions where id = $1", [sessionWithCart?.id])).toBe(true);
    expect(await exists("select 1 from outbound_messages where id = $1", [queued?.id])).toBe(true);
    expect(await exists("select 1 from webhook_events where id = $1", [retrying?.id])).toBe(true);
    expect(await exists("select 1 from support_tickets where id = $1", [openTicket?.id])).toBe(true);
    expect(await exists("select 1 from workflow_executions where id = $1", [waiting?.id])).toBe(true);
    expect(await exists("select 1 from chores where id = $1", [chore?.id])).toBe(true);
    expect(await exists("select 1 from newsletter_subscribers where id = $1", [subscriber?.id])).toBe(true);
    // A deactivated child is the family's to reactivate or delete.
    expect(await exists("select 1 from children where id = $1", [childId])).toBe(true);
    expect(await exists("select 1 from users where id = $1", [familyId])).toBe(true);
    expect(existsSync(stranger)).toBe(true);
  });
});

describe("the daily job", () => {
  it("is scheduled with pg-boss, and two instances starting together run the start-up pass once", async () => {
    const config = {
      cookieSecure: false,
      appOrigin: null,
      oidc: null,
      clientDir: null,
      now: t.clock.now,
      automations: { worker: true },
    };
    // Two instances on one database, as two servers on one PostgreSQL.
    const first = await buildApp(config, db);
    await first.ready();
    const second = await buildApp(config, db);
    try {
      await second.ready();
      expect(await db.query("select cron, timezone from pgboss.schedule where name = 'retention.apply'")).toEqual([
        { cron: "15 3 * * *", timezone: "UTC" },
      ]);
      expect(await db.query("select policy from pgboss.queue where name = 'retention.apply'")).toEqual([
        { policy: "singleton" },
      ]);
      // pg-boss delivers it: nobody calls applyRetention here.
      await vi.waitFor(
        async () =>
          expect(await db.query("select state from pgboss.job where name = 'retention.apply'")).toEqual([
            { state: "completed" },
          ]),
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await second.close();
      await first.close();
    }
  }, 60_000);
});
