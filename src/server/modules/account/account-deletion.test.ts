import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CURRENT_PASSWORD_WRONG } from "../../../shared/schemas/account";
import { SIGN_IN_FAILURES_ALLOWED } from "../../plugins/rate-limits";
import { readOutbox } from "../../test-support/outbox";
import { type StripeStandIn, startStripeStandIn } from "../../test-support/stripe-stand-in";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";
import { databaseTables, joinAsGuardian, seedFamily } from "./account-fixture";

/*
 * docs/decisions/158: DELETE /api/account {password}. The owner's deletion leaves no row anywhere that names the
 * family, its people or its records (only the receipt, in the outbox); every session and device ends; the
 * subscription is cancelled at Stripe. A wrong password changes nothing. Another guardian only leaves.
 */
let t: TestApp;
let stripe: StripeStandIn;
let outboxDir: string;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  outboxDir = mkdtempSync(path.join(os.tmpdir(), "pw-deletion-test-"));
  t = await createTestApp({
    stripe: stripe.config(),
    mail: { smtpUrl: null, outboxDir, from: "Pocketwise <hello@pocketwise.test>" },
  });
}, SLOW_START_MS);

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  rmSync(outboxDir, { recursive: true, force: true });
}, SLOW_START_MS);

let addressCounter = 0;
/** A client address of its own per call, so one test's throttling does not reach another. */
const newAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const call = (
  method: "GET" | "POST" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: object,
  remoteAddress = newAddress(),
) => t.app.inject({ method, url, headers, remoteAddress, ...(payload && { payload }) });
const deleteAccount = (cookie: string | null, password: string, remoteAddress?: string) =>
  call("DELETE", "/api/account", cookie ? { cookie } : {}, { password }, remoteAddress);
const logIn = (email: string, password: string) => call("POST", "/api/auth/login", {}, { email, password });

/** Waits for the message to `email` with `subject`: the outbox sends it once the deletion has committed. */
const mailTo = (email: string, subject: string) =>
  vi.waitFor(
    async () => {
      await t.app.notifications.runDue();
      const mail = readOutbox(outboxDir).find((m) => m.to === email && m.subject === subject);
      if (!mail) throw new Error(`no "${subject}" to ${email} yet`);
      return mail;
    },
    { timeout: 10_000, interval: 20 },
  );

/**
 * Every row of every table, as text, to look for ids in (jsonb and keys included); the outbox's account
 * notices aside: the receipts are the one thing of a family that remains, until they are sent and expire.
 */
async function everyTableAsText() {
  const tables: Record<string, string> = {};
  for (const name of await databaseTables(t)) {
    const notReceipts = name === "outbound_messages" ? " where type <> 'account.notice'" : "";
    tables[name] = JSON.stringify(await t.database.query(`select * from "${name}"${notReceipts}`));
  }
  return tables;
}

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const name of await databaseTables(t)) {
    const [row] = await t.database.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** The `id` of every record the family's export lists, and the family's own id: what must not outlive it. */
async function familyRecordIds(cookie: string) {
  const doc = (await call("GET", "/api/account/export", { cookie })).json() as Record<string, unknown>;
  const ids = new Set<string>();
  for (const [key, value] of Object.entries(doc)) {
    // Staff's record of what they did stays, naming no family (checked below).
    if (key === "staffChanges") continue;
    for (const row of Array.isArray(value) ? value : [value]) {
      const id = (row as { id?: unknown } | null)?.id;
      if (typeof id === "string") ids.add(id);
    }
  }
  return ids;
}

describe("DELETE /api/account", () => {
  it("answers 401 to a visitor and 403 to a child", async () => {
    expect((await deleteAccount(null, "anything")).statusCode).toBe(401);
    const parent = await signUpParent(t.app);
    const kid = await addChild(t.app, parent.cookie, { age: 14 });
    const kidCookie = await signInChild(t.app, parent.cookie, kid.id);
    expect((await deleteAccount(kidCookie, parent.password)).statusCode).toBe(403);
  });

  it("a wrong password changes nothing and says so on the field", async () => {
    const family = await seedFamily(t);
    const before = await rowCounts();
    const res = await deleteAccount(family.owner.cookie, "not my password");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: CURRENT_PASSWORD_WRONG,
      errors: [{ field: "password", message: CURRENT_PASSWORD_WRONG }],
    });
    const after = await rowCounts();
    // The wrong password was counted, which is the point; nothing else moved.
    expect({ ...after, rate_limits: 0 }).toEqual({ ...before, rate_limits: 0 });
    expect((await call("GET", "/api/account", { cookie: family.owner.cookie })).statusCode).toBe(200);
    expect(stripe.requests.filter((r) => r.method === "DELETE")).toEqual([]);
  });

  it("refuses an empty password with a field message", async () => {
    const parent = await signUpParent(t.app);
    const res = await deleteAccount(parent.cookie, "");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "password", message: "Type your password to confirm" }]);
  });

  it(`counts wrong passwords as sign-ins do: ${SIGN_IN_FAILURES_ALLOWED} from an address, then 429`, async () => {
    const parent = await signUpParent(t.app);
    const address = newAddress();
    for (let i = 0; i < SIGN_IN_FAILURES_ALLOWED; i++) {
      expect((await deleteAccount(parent.cookie, `wrong ${i}`, address)).statusCode).toBe(400);
    }
    const refused = await deleteAccount(parent.cookie, parent.password, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many wrong passwords\. Try again in \d+ minutes?\.$/);
    expect((await call("GET", "/api/account", { cookie: parent.cookie })).statusCode).toBe(200);
  });

  it("the owner deletes the family: no row anywhere names it, every session and device ends, Stripe is told", async () => {
    const family = await seedFamily(t);
    const ids = await familyRecordIds(family.owner.cookie);
    expect(ids).toContain(family.familyId);
    expect(ids).toContain(family.childId);
    expect(ids).toContain(family.cartId);
    expect(ids.size).toBeGreaterThan(15);
    const bearer = { authorization: `Bearer ${family.deviceToken}` };
    expect((await call("GET", "/api/kid/me", bearer)).statusCode).toBe(200);
    expect((await call("GET", "/api/kid/me", { cookie: family.childCookie })).statusCode).toBe(200);

    const res = await deleteAccount(family.owner.cookie, family.owner.password);
    expect(res.statusCode, res.body).toBe(204);
    // The browser's session cookie is cleared.
    expect(String(res.headers["set-cookie"])).toMatch(/pw_session=;.*Expires=Thu, 01 Jan 1970/);

    const tables = await everyTableAsText();
    for (const [name, text] of Object.entries(tables)) {
      for (const id of ids) expect(text, `${name} still names ${id}`).not.toContain(id);
      expect(text, `${name} still holds the owner's e-mail`).not.toContain(family.owner.email);
    }
    // Staff's entry stays, naming no family (the wrong-password test's family keeps its own).
    const [audit] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from staff_audit_log where family_id is null and action = 'plan.set'",
    );
    expect(audit?.n).toBe(1);

    // Old cookies, the child's device token and the owner's password all stop working.
    expect((await call("GET", "/api/account", { cookie: family.owner.cookie })).statusCode).toBe(401);
    expect((await call("GET", "/api/kid/me", { cookie: family.childCookie })).statusCode).toBe(401);
    expect((await call("GET", "/api/kid/me", bearer)).statusCode).toBe(401);
    expect((await call("GET", "/api/family", { cookie: family.guardian.cookie })).statusCode).toBe(401);
    expect((await logIn(family.owner.email, family.owner.password)).statusCode).toBe(401);

    // The subscription was cancelled at Stripe before anything was deleted.
    const cancels = stripe.requests.filter((r) => r.method === "DELETE").map((r) => r.path);
    expect(cancels).toEqual([`/v1/subscriptions/${family.subscriptionId}`]);

    // The receipt is the one thing left, in the owner's inbox; the other guardian is told too.
    const receipt = await mailTo(family.owner.email, "Your Pocketwise account has been deleted");
    expect(receipt.body).toContain("1 child");
    expect(receipt.body).toContain("Your subscription was cancelled");
    await mailTo(family.guardian.email, "A Pocketwise family you were part of was deleted");

    // The other guardian keeps their account, with an empty family of their own.
    const back = await logIn(family.guardian.email, family.guardian.password);
    expect(back.statusCode).toBe(200);
    const cookie = String(back.headers["set-cookie"]).split(";")[0] as string;
    const theirs = await call("GET", "/api/family", { cookie });
    expect(theirs.json()).toMatchObject({ id: family.guardian.user.id, guardians: [{ role: "owner" }] });
    expect((await call("GET", "/api/children", { cookie })).json()).toEqual([]);
  });

  it("a family without a subscription is deleted without calling Stripe", async () => {
    const parent = await signUpParent(t.app);
    await addChild(t.app, parent.cookie, { age: 14 });
    const calls = stripe.requests.length;
    expect((await deleteAccount(parent.cookie, parent.password)).statusCode).toBe(204);
    expect(stripe.requests.length).toBe(calls);
    const receipt = await mailTo(parent.email, "Your Pocketwise account has been deleted");
    expect(receipt.body).not.toContain("subscription");
  });

  it("a guardian who is not the owner only leaves: their account goes, the family stays", async () => {
    const owner = await signUpParent(t.app, { firstName: "Olivia" });
    await t.database.query("update users set subscription_tier = 'family' where id = $1", [owner.user.id]);
    const kid = await addChild(t.app, owner.cookie, { age: 14 });
    const guardian = await joinAsGuardian(t, owner.cookie);
    const calls = stripe.requests.length;

    const res = await deleteAccount(guardian.cookie, guardian.password);
    expect(res.statusCode, res.body).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/pw_session=;/);

    const tables = await everyTableAsText();
    for (const [name, text] of Object.entries(tables)) {
      expect(text, `${name} still names the guardian`).not.toContain(guardian.user.id);
      expect(text, `${name} still holds the guardian's e-mail`).not.toContain(guardian.email);
    }
    expect((await call("GET", "/api/family", { cookie: guardian.cookie })).statusCode).toBe(401);
    expect((await logIn(guardian.email, guardian.password)).statusCode).toBe(401);
    const family = await call("GET", "/api/family", { cookie: owner.cookie });
    expect(family.json().guardians.map((g: { id: string }) => g.id)).toEqual([owner.user.id]);
    expect((await call("GET", `/api/children/${kid.id}`, { cookie: owner.cookie })).statusCode).toBe(200);
    expect(stripe.requests.length).toBe(calls);
    await mailTo(guardian.email, "You have left the family and deleted your Pocketwise account");
    await mailTo(owner.email, "A guardian has left your Pocketwise family");
  });
});
