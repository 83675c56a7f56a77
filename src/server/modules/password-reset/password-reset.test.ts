import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PASSWORD_RESET_ACCEPTED, PASSWORD_RESET_TOKEN_INVALID } from "../../../shared/schemas/password-reset";
import { sha256 } from "../../lib/tokens";
import {
  RESET_REQUEST_WINDOW_MS,
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_EMAIL,
} from "../../plugins/rate-limits";
import { cookieFrom, createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";
import { RESET_TOKEN_TTL_MS } from "./password-reset.routes";

let t: TestApp;
let outboxDir: string;

beforeAll(async () => {
  outboxDir = mkdtempSync(path.join(os.tmpdir(), "pw-password-reset-test-"));
  t = await createTestApp({ mail: { smtpUrl: null, outboxDir, from: "Pocketwise <hello@pocketwise.test>" } });
}, SLOW_START_MS);

afterAll(async () => {
  await t?.close();
  rmSync(outboxDir, { recursive: true, force: true });
}, SLOW_START_MS);

let addressCounter = 0;
/** A client address of its own per test, so the per-address limit of one test does not reach another. */
const newAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** An outbox file's text, with quoted-printable soft breaks and "=3D" undone. */
const readMail = (name: string) =>
  readFileSync(path.join(outboxDir, name), "utf8")
    .replace(/=\r?\n/g, "")
    .replaceAll("=3D", "=");

const outbox = () => readdirSync(outboxDir).filter((name) => name.endsWith(".eml"));

/** The messages sent to `email`. */
const mailsTo = (email: string) =>
  outbox()
    .map(readMail)
    .filter((eml) => eml.includes(`To: ${email}`));

const tokenIn = (eml: string) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(eml)?.[1];

// A forged Host on every request: the link must never name it.
const requestReset = (email: string, remoteAddress = newAddress()) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/password-reset",
    payload: { email },
    remoteAddress,
    headers: { host: "evil.example" },
  });

/** Asks for a reset and answers the token from the newest e-mail (sent just after the 202). */
async function resetToken(email: string, remoteAddress?: string) {
  // File names start with the test clock's time, which stands still: tell the new message by its name.
  const before = new Set(outbox());
  const res = await requestReset(email, remoteAddress);
  expect(res.statusCode).toBe(202);
  const mail = await vi.waitFor(
    () => {
      const added = outbox().filter((name) => !before.has(name));
      const mine = added.map(readMail).find((eml) => eml.includes(`To: ${email}`));
      if (!mine) throw new Error("no new e-mail yet");
      return mine;
    },
    { timeout: 10_000, interval: 20 },
  );
  const token = tokenIn(mail);
  if (!token) throw new Error(`no link in the e-mail:\n${mail}`);
  return token;
}

const confirm = (token: unknown, password: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/password-reset/confirm",
    payload: { token, password },
    remoteAddress: newAddress(),
  });

const logIn = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: newAddress() });

const whoIs = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });

const expectBadToken = (res: Awaited<ReturnType<typeof confirm>>) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    message: PASSWORD_RESET_TOKEN_INVALID,
    errors: [{ field: "token", message: PASSWORD_RESET_TOKEN_INVALID }],
  });
  expect(res.headers["set-cookie"]).toBeUndefined();
};

describe("POST /api/auth/password-reset", () => {
  it("answers the same 202 for a known and an unknown e-mail, and mails only the account's owner", async () => {
    const parent = await signUpParent(t.app, { firstName: "Robin" });
    const unknown = `nobody-${Date.now()}@example.com`;
    const known = await requestReset(parent.email.toUpperCase());
    const stranger = await requestReset(unknown);
    for (const res of [known, stranger]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_ACCEPTED });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(known.body).toBe(stranger.body);

    const mail = await vi.waitFor(() => mailsTo(parent.email)[0] ?? Promise.reject(new Error("no e-mail yet")));
    expect(mail).toMatch(/^Subject: Reset your Pocketwise password$/m);
    expect(mail).toContain("Hi Robin,");
    const token = tokenIn(mail) as string;
    // Never the Host the caller sent: the test app has no APP_ORIGIN, so the server's own address.
    expect(mail).toContain(`http://localhost:5000/reset-password?token=${token}`);
    expect(mail).not.toContain("evil.example");
    expect(mailsTo(unknown)).toEqual([]);

    // Only the token's SHA-256 is kept, 30 minutes ahead.
    const rows = await t.database.query<{ token_hash: string; expires_at: Date }>(
      "select token_hash, expires_at from password_resets where user_id = $1",
      [parent.user.id],
    );
    expect(rows.map((row) => row.token_hash)).toEqual([sha256(token)]);
    expect(new Date(rows[0]?.expires_at as Date).getTime()).toBe(t.clock.now().getTime() + RESET_TOKEN_TTL_MS);
  });

  it("refuses an address that is not an e-mail with a field message", async () => {
    const res = await requestReset("not-an-address");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "email", message: "Enter a valid e-mail address" }]);
  });

  it("limits requests per e-mail, known or not, and per address, until the window ends", async () => {
    const parent = await signUpParent(t.app);
    const unknown = `ghost-${Date.now()}@example.com`;
    for (const email of [parent.email, unknown]) {
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i++) expect((await requestReset(email)).statusCode).toBe(202);
      const refused = await requestReset(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many password reset requests\. Try again in \d+ minutes?\.$/);
    }

    const address = newAddress();
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) {
      expect((await requestReset(`caller-${i}-${Date.now()}@example.com`, address)).statusCode).toBe(202);
    }
    expect((await requestReset(`one-more-${Date.now()}@example.com`, address)).statusCode).toBe(429);

    t.clock.advance(RESET_REQUEST_WINDOW_MS);
    expect((await requestReset(parent.email)).statusCode).toBe(202);
    expect((await requestReset(`after-${Date.now()}@example.com`, address)).statusCode).toBe(202);
  });
});

describe("POST /api/auth/password-reset/confirm", () => {
  it("sets the new password, signs in with a fresh session, and works only once", async () => {
    const parent = await signUpParent(t.app);
    const token = await resetToken(parent.email);
    const res = await confirm(token, "a brand new secret");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: parent.user.id, email: parent.email });
    const cookie = cookieFrom(res);
    expect((await whoIs(cookie)).json().id).toBe(parent.user.id);

    expect((await logIn(parent.email, parent.password)).statusCode).toBe(401);
    expect((await logIn(parent.email, "a brand new secret")).statusCode).toBe(200);

    expectBadToken(await confirm(token, "yet another secret"));
    expect((await logIn(parent.email, "a brand new secret")).statusCode).toBe(200);
  });

  it("ends every session the parent had", async () => {
    const parent = await signUpParent(t.app);
    const other = await logIn(parent.email, parent.password);
    const otherCookie = cookieFrom(other);
    const bystander = await signUpParent(t.app);
    expect((await whoIs(parent.cookie)).statusCode).toBe(200);
    expect((await whoIs(otherCookie)).statusCode).toBe(200);

    const res = await confirm(await resetToken(parent.email), "a brand new secret");
    expect(res.statusCode).toBe(200);
    expect((await whoIs(parent.cookie)).statusCode).toBe(401);
    expect((await whoIs(otherCookie)).statusCode).toBe(401);
    expect((await whoIs(cookieFrom(res))).statusCode).toBe(200);
    expect((await whoIs(bystander.cookie)).statusCode).toBe(200);
  });

  it("refuses a token after 30 minutes", async () => {
    const parent = await signUpParent(t.app);
    const stale = await resetToken(parent.email);
    t.clock.advance(RESET_TOKEN_TTL_MS);
    expectBadToken(await confirm(stale, "a brand new secret"));

    const fresh = await resetToken(parent.email);
    t.clock.advance(RESET_TOKEN_TTL_MS - 1000);
    expect((await confirm(fresh, "a brand new secret")).statusCode).toBe(200);
  });

  it("a newer request makes the older link stop working", async () => {
    const parent = await signUpParent(t.app);
    const older = await resetToken(parent.email);
    const newer = await resetToken(parent.email);
    expect(newer).not.toBe(older);
    expectBadToken(await confirm(older, "a brand new secret"));
    expect((await confirm(newer, "a brand new secret")).statusCode).toBe(200);
  });

  it("refuses unknown tokens and checks the password as sign-up does, leaving the token usable", async () => {
    expectBadToken(await confirm("not-a-token", "a brand new secret"));
    const missing = await confirm(undefined, "a brand new secret");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: "token", message: PASSWORD_RESET_TOKEN_INVALID }]);

    const parent = await signUpParent(t.app);
    const token = await resetToken(parent.email);
    for (const [password, message] of [
      ["short", "Password must be at least 8 characters"],
      ["x".repeat(129), "Password must be at most 128 characters"],
    ]) {
      const res = await confirm(token, password);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "password", message }]);
    }
    expect((await logIn(parent.email, parent.password)).statusCode).toBe(200);
    expect((await confirm(token, "x".repeat(128))).statusCode).toBe(200);
  });

  it("sends nothing for an account without a password (single sign-on only)", async () => {
    const email = `sso-${Date.now()}@example.com`;
    await t.database.query("insert into users (email, oidc_subject) values ($1, $2)", [email, `sub-${Date.now()}`]);
    expect((await requestReset(email)).statusCode).toBe(202);
    const rows = await t.database.query(
      "select 1 from password_resets join users on users.id = user_id where email = $1",
      [email],
    );
    expect(rows).toEqual([]);
  });
});
