import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readOutbox } from "../../test-support/outbox";
import { createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";
import { REFERRAL_LANDING } from "./referrals.routes";
import {
  attributeSignup,
  INVITED_THIS_WEEK,
  INVITES_PER_DAY,
  PERSONAL_REWARDS,
  TOO_MANY_INVITES,
} from "./referrals.service";

/** docs/decisions/151 without payments configured: rewards are plan time. */

let t: TestApp;
let outboxDir: string;
beforeAll(async () => {
  outboxDir = mkdtempSync(path.join(os.tmpdir(), "pw-referrals-test-"));
  t = await createTestApp({
    appOrigin: "https://pocketwise.test",
    mail: { smtpUrl: null, outboxDir, from: "Pocketwise <hello@pocketwise.test>" },
  });
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
  rmSync(outboxDir, { recursive: true, force: true });
}, SLOW_START_MS);

let counter = 0;
const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const referralsOf = async (cookie: string) => (await get(cookie, "/api/referrals")).json();
const invite = (cookie: string, email: unknown) =>
  t.app.inject({ method: "POST", url: "/api/referrals/invite", headers: { cookie }, payload: { email } });

/** Signs up through a referral link's cookie, from an address of its own (sign-ups are limited per address). */
async function joinThrough(code: string, email = `joiner${++counter}-${Date.now()}@example.com`) {
  counter += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    headers: { cookie: `pw_ref=${code}` },
    payload: { email, password: "correct horse battery", firstName: "Jo", lastName: "Joiner" },
    remoteAddress: `10.151.${Math.floor(counter / 250)}.${counter % 250}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

async function referrer(fields: Record<string, string> = {}) {
  const parent = await signUpParent(t.app, fields);
  const view = await referralsOf(parent.cookie);
  return { ...parent, code: view.code as string };
}

const tierOf = async (userId: string) =>
  (
    await t.database.query<{ subscription_tier: string }>("select subscription_tier from users where id = $1", [userId])
  )[0]?.subscription_tier;
const grantOf = async (familyId: string) =>
  (
    await t.database.query<{ granted_plan: string | null; granted_until: Date | null }>(
      "select granted_plan, granted_until from family_billing where family_id = $1",
      [familyId],
    )
  )[0];
const rewardRows = (userId: string) =>
  t.database.query<{ tier: number; kind: string }>(
    "select tier, kind from referral_rewards where user_id = $1 order by tier",
    [userId],
  );
const mailsTo = (email: string) => readOutbox(outboxDir).filter((m) => m.to === email);

describe("the referral link", () => {
  it("answers 401 to a visitor", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/referrals" })).statusCode).toBe(401);
  });

  it("makes an 8-character code on first read and keeps it", async () => {
    const parent = await signUpParent(t.app);
    const first = await referralsOf(parent.cookie);
    expect(first.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(first).toMatchObject({
      link: `https://pocketwise.test/r/${first.code}`,
      count: 0,
      referralsToNext: 1,
      percentToNext: 0,
      rewards: [],
    });
    expect(first.tiers.map((x: { referrals: number; unlocked: boolean }) => [x.referrals, x.unlocked])).toEqual([
      [1, false],
      [3, false],
      [5, false],
      [10, false],
    ]);
    expect((await referralsOf(parent.cookie)).code).toBe(first.code);
  });

  it("sets a 30-day HttpOnly, SameSite=Lax cookie for a known code and opens sign-up", async () => {
    const { code } = await referrer();
    for (const spelling of [code, code.toLowerCase()]) {
      const res = await t.app.inject({ method: "GET", url: `/r/${spelling}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(REFERRAL_LANDING);
      const cookie = String(res.headers["set-cookie"]);
      expect(cookie).toContain(`pw_ref=${code}`);
      expect(cookie).toMatch(/Max-Age=2592000/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
    }
  });

  it("redirects an unknown or malformed code without a cookie", async () => {
    for (const url of ["/r/ZZZZZZZZ", "/r/nope", `/r/${"x".repeat(300)}`]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe(REFERRAL_LANDING);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });
});

describe("attribution and rewards", () => {
  it("counts a sign-up through the link and grants the first tier as a month of the Family Plan", async () => {
    const parent = await referrer();
    expect(await tierOf(parent.user.id)).toBe("free");
    await joinThrough(parent.code);
    const view = await referralsOf(parent.cookie);
    expect(view.count).toBe(1);
    expect(view.tiers[0]).toMatchObject({ referrals: 1, unlocked: true });
    expect(view.rewards).toEqual([{ tier: 1, kind: "plan_time", grantedAt: expect.any(String) }]);
    expect(await tierOf(parent.user.id)).toBe("family");
    const grant = await grantOf(parent.user.id);
    expect(grant?.granted_plan).toBe("family");
    const until = new Date(t.clock.now());
    until.setUTCMonth(until.getUTCMonth() + 1);
    expect(new Date(grant?.granted_until ?? 0).toISOString()).toBe(until.toISOString());
  });

  it("ignores a sign-up without the cookie, or with an unknown code", async () => {
    const parent = await referrer();
    await signUpParent(t.app);
    await joinThrough("ZZZZZZZZ");
    expect((await referralsOf(parent.cookie)).count).toBe(0);
  });

  it("refuses the referrer's own mailbox (case, dots and +tags at Gmail)", async () => {
    const stamp = Date.now();
    const parent = await referrer({ email: `jo.smith.${stamp}@gmail.com` });
    await joinThrough(parent.code, `JoSmith${stamp}+second@googlemail.com`);
    expect((await referralsOf(parent.cookie)).count).toBe(0);
    expect(await tierOf(parent.user.id)).toBe("free");
  });

  it("counts a +tag at another provider as another mailbox", async () => {
    const stamp = Date.now();
    const parent = await referrer({ email: `sam${stamp}@example.com` });
    await joinThrough(parent.code, `sam${stamp}+kids@example.com`);
    expect((await referralsOf(parent.cookie)).count).toBe(1);
  });

  it("counts an account once, and never for itself", async () => {
    const parent = await referrer();
    const joined = await joinThrough(parent.code);
    const req = { cookies: { pw_ref: parent.code }, log: t.app.log } as unknown as FastifyRequest;
    await attributeSignup(t.app, req, joined.id);
    await attributeSignup(t.app, req, parent.user.id);
    expect((await referralsOf(parent.cookie)).count).toBe(1);
    expect(await rewardRows(parent.user.id)).toEqual([{ tier: 1, kind: "plan_time" }]);
  });

  it("grants each tier once when sign-ups arrive together", async () => {
    const parent = await referrer();
    await Promise.all([joinThrough(parent.code), joinThrough(parent.code)]);
    expect(await rewardRows(parent.user.id)).toEqual([{ tier: 1, kind: "plan_time" }]);
    // One month, not two: the tier's reward was granted once.
    const until = new Date(t.clock.now());
    until.setUTCMonth(until.getUTCMonth() + 1);
    expect(new Date((await grantOf(parent.user.id))?.granted_until ?? 0).toISOString()).toBe(until.toISOString());

    await Promise.all([joinThrough(parent.code), joinThrough(parent.code), joinThrough(parent.code)]);
    const view = await referralsOf(parent.cookie);
    expect(view.count).toBe(5);
    expect(view.rewards.map((r: { tier: number }) => r.tier)).toEqual([1, 3, 5]);
    expect(await tierOf(parent.user.id)).toBe("premium");
  });

  it("asks staff, in a ticket the parent sees, for the debit card at 5 and the coaching session at 10, once each", async () => {
    const parent = await referrer();
    const tickets = async () =>
      (await t.app.inject({ method: "GET", url: "/api/support/tickets", headers: { cookie: parent.cookie } }))
        .json()
        .map((ticket: { subject: string }) => ticket.subject)
        .sort();
    for (let i = 0; i < 4; i++) await joinThrough(parent.code);
    expect(await tickets()).toEqual([]);
    await Promise.all([joinThrough(parent.code), joinThrough(parent.code)]);
    expect(await tickets()).toEqual([PERSONAL_REWARDS[5]?.subject]);
    for (let i = 0; i < 4; i++) await joinThrough(parent.code);
    expect(await tickets()).toEqual([PERSONAL_REWARDS[10]?.subject, PERSONAL_REWARDS[5]?.subject].sort());
  });
});

describe("invitations", () => {
  it("answers 401 to a visitor and 400 with the field for a bad address", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/referrals/invite", payload: { email: "a@b.co" } });
    expect(res.statusCode).toBe(401);
    const parent = await signUpParent(t.app);
    for (const email of ["", "not-an-address", 42]) {
      const bad = await invite(parent.cookie, email);
      expect(bad.statusCode, String(email)).toBe(400);
      expect(bad.json().errors?.[0]?.field).toBe("email");
    }
  });

  it("e-mails the parent's link, once a week per address", async () => {
    const parent = await referrer({ firstName: "Robin" });
    const friend = `friend-${Date.now()}@example.com`;
    const res = await invite(parent.cookie, friend.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: `Invitation sent to ${friend}.` });
    await vi.waitFor(() => expect(mailsTo(friend)).toHaveLength(1));
    const [mail] = mailsTo(friend);
    expect(mail?.subject).toBe("Robin invited you to Pocketwise");
    expect(mail?.body).toContain(`https://pocketwise.test/r/${parent.code}`);

    const again = await invite(parent.cookie, friend);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(INVITED_THIS_WEEK);
    // Another parent cannot send it either: the limit protects the address.
    const other = await signUpParent(t.app);
    expect((await invite(other.cookie, friend)).statusCode).toBe(429);

    await t.database.query(
      "update referral_invites set sent_at = sent_at - interval '7 days 1 minute' where email = $1",
      [friend],
    );
    expect((await invite(parent.cookie, friend)).statusCode).toBe(202);
    await vi.waitFor(() => expect(mailsTo(friend)).toHaveLength(2));
  });

  it("answers an address with an account the same, and sends nothing", async () => {
    const parent = await signUpParent(t.app);
    const existing = await signUpParent(t.app);
    const res = await invite(parent.cookie, existing.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: `Invitation sent to ${existing.email}.` });
    // The weekly limit holds as for any address, so a second try tells nothing either.
    expect((await invite(parent.cookie, existing.email)).statusCode).toBe(429);
    const stranger = `stranger-${Date.now()}@example.com`;
    await invite(parent.cookie, stranger);
    await vi.waitFor(() => expect(mailsTo(stranger)).toHaveLength(1));
    expect(mailsTo(existing.email)).toHaveLength(0);
  });

  it(`stops a parent after ${INVITES_PER_DAY} invitations a day`, async () => {
    const parent = await signUpParent(t.app);
    const stamp = Date.now();
    const answers = await Promise.all(
      Array.from({ length: INVITES_PER_DAY + 2 }, (_, i) => invite(parent.cookie, `bulk${i}-${stamp}@example.com`)),
    );
    expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(INVITES_PER_DAY);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json().message).toBe(TOO_MANY_INVITES);
    await vi.waitFor(() => expect(readOutbox(outboxDir).filter((m) => m.to.includes(`-${stamp}@`))).toHaveLength(20));
  });
});
