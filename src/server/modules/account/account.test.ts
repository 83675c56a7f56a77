import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_TOKEN_INVALID,
  EMAIL_TAKEN,
  EMAIL_UNCHANGED,
  NO_PASSWORD_EMAIL,
  NO_PASSWORD_PASSWORD,
} from "../../../shared/schemas/account";
import { sha256 } from "../../lib/tokens";
import { SIGN_IN_FAILURES_ALLOWED } from "../../plugins/rate-limits";
import { readOutbox } from "../../test-support/outbox";
import { cookieFrom, createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";
import { EMAIL_CHANGE_TTL_MS, EMAIL_CHANGES_PER_HOUR } from "./account.service";

let t: TestApp;
let outboxDir: string;

beforeAll(async () => {
  outboxDir = mkdtempSync(path.join(os.tmpdir(), "pw-account-test-"));
  t = await createTestApp({ mail: { smtpUrl: null, outboxDir, from: "Pocketwise <hello@pocketwise.test>" } });
}, SLOW_START_MS);

afterAll(async () => {
  await t?.close();
  rmSync(outboxDir, { recursive: true, force: true });
}, SLOW_START_MS);

let addressCounter = 0;
/** A client address of its own per call, so one test's throttling does not reach another. */
const newAddress = () => `10.88.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

type Method = "GET" | "POST" | "PATCH";
const call = (method: Method, url: string, cookie: string | null, payload?: unknown, remoteAddress = newAddress()) =>
  t.app.inject({
    method,
    url,
    remoteAddress,
    headers: { ...(cookie ? { cookie } : {}), host: "evil.example" },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const mailsTo = (email: string) => readOutbox(outboxDir).filter((mail) => mail.to === email);
/**
 * Waits for the message to `email` with `subject`: the confirmation link is sent just after the answer, the
 * notices through the outbox, whose worker is off here (the clock stands still, so names do not order them).
 */
const mailTo = (email: string, subject: string) =>
  vi.waitFor(
    async () => {
      await t.app.notifications.runDue();
      const mail = mailsTo(email).find((m) => m.subject === subject);
      if (!mail) throw new Error(`no "${subject}" to ${email} yet`);
      return mail;
    },
    { timeout: 10_000, interval: 20 },
  );
const CONFIRM = "Confirm your new Pocketwise e-mail";
const ABOUT_TO_CHANGE = "Your Pocketwise e-mail is about to change";
const CHANGED = "Your Pocketwise e-mail has changed";
const tokenIn = (body: string) => /\/account\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];

const logIn = (email: string, password: string) =>
  call("POST", "/api/auth/login", null, { email, password }, newAddress());
const whoIs = (cookie: string) => call("GET", "/api/auth/user", cookie);
const fresh = (tag: string) => `${tag}-${Date.now()}-${++addressCounter}@example.com`;

/** Asks to move the parent to `to` and answers the link's token from the e-mail to the new address. */
async function requestChange(parent: { cookie: string; password: string }, to: string) {
  const res = await call("POST", "/api/account/email", parent.cookie, { email: to, password: parent.password });
  expect(res.statusCode, res.body).toBe(202);
  const token = tokenIn((await mailTo(to, CONFIRM)).body);
  if (!token) throw new Error("no link in the e-mail");
  return token;
}

describe("GET and PATCH /api/account", () => {
  it("answers the signed-in parent's account and changes the name", async () => {
    const parent = await signUpParent(t.app, { firstName: "Robin", lastName: "Hood" });
    const read = await call("GET", "/api/account", parent.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      firstName: "Robin",
      lastName: "Hood",
      email: parent.email,
      hasPassword: true,
      signsInWithProvider: false,
      pendingEmail: null,
    });

    const renamed = await call("PATCH", "/api/account", parent.cookie, { firstName: "  Sam ", lastName: "Wise" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ firstName: "Sam", lastName: "Wise" });
    expect((await whoIs(parent.cookie)).json()).toMatchObject({ firstName: "Sam", lastName: "Wise" });
  });

  it("refuses empty and overlong names with field messages", async () => {
    const parent = await signUpParent(t.app);
    const res = await call("PATCH", "/api/account", parent.cookie, { firstName: " ", lastName: "x".repeat(51) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "firstName", message: "First name is required" },
      { field: "lastName", message: "Last name must be at most 50 characters" },
    ]);
  });

  it("answers 401 to a visitor on every route but the link's", async () => {
    for (const [method, url, body] of [
      ["GET", "/api/account", undefined],
      ["PATCH", "/api/account", { firstName: "A", lastName: "B" }],
      ["POST", "/api/account/email", { email: "a@example.com", password: "x" }],
      ["POST", "/api/account/password", { currentPassword: "x", newPassword: "long enough" }],
      ["POST", "/api/account/sign-out-everywhere", undefined],
    ] as const) {
      const res = await call(method, url, null, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: "Unauthorized" });
    }
  });
});

describe("changing the e-mail", () => {
  it("mails a link to the new address and a notice to the old one, and switches once the link is opened", async () => {
    const parent = await signUpParent(t.app, { firstName: "Robin" });
    const to = fresh("new");
    const res = await call("POST", "/api/account/email", parent.cookie, {
      email: to.toUpperCase(),
      password: parent.password,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().pendingEmail).toEqual({
      email: to,
      expiresAt: new Date(t.clock.now().getTime() + EMAIL_CHANGE_TTL_MS).toISOString(),
    });
    expect(res.json().email).toBe(parent.email);

    const link = await mailTo(to, CONFIRM);
    expect(link.body).toContain("Hi Robin,");
    const token = tokenIn(link.body) as string;
    // Never the Host the caller sent: the server's own address.
    expect(link.body).toContain(`http://localhost:5000/account/confirm-email?token=${token}`);
    expect(link.body).not.toContain("evil.example");
    const notice = await mailTo(parent.email, ABOUT_TO_CHANGE);
    expect(notice.body).toContain(to);
    expect(notice.body).not.toContain(token);

    // Only the token's SHA-256 is kept.
    const rows = await t.database.query<{ token_hash: string; new_email: string }>(
      "select token_hash, new_email from email_changes where user_id = $1",
      [parent.user.id],
    );
    expect(rows).toEqual([{ token_hash: sha256(token), new_email: to }]);

    // Opened in another browser, signed in or not.
    const confirmed = await call("POST", "/api/account/email/confirm", null, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: to });
    expect(confirmed.headers["set-cookie"]).toBeUndefined();
    expect((await call("GET", "/api/account", parent.cookie)).json()).toMatchObject({ email: to, pendingEmail: null });
    expect((await mailTo(to, CHANGED)).body).toContain(`changed from ${parent.email} to ${to}`);
    expect((await mailTo(parent.email, CHANGED)).body).toContain(`changed from ${parent.email} to ${to}`);

    // The new address signs in; the old one no longer does.
    expect((await logIn(to, parent.password)).statusCode).toBe(200);
    expect((await logIn(parent.email, parent.password)).statusCode).toBe(401);

    // Single use.
    const again = await call("POST", "/api/account/email/confirm", null, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: EMAIL_CHANGE_TOKEN_INVALID,
      errors: [{ field: "token", message: EMAIL_CHANGE_TOKEN_INVALID }],
    });
  });

  it("refuses an expired link, an unknown one and only the newest works", async () => {
    const parent = await signUpParent(t.app);
    const first = await requestChange(parent, fresh("first"));
    const secondAddress = fresh("second");
    const second = await requestChange(parent, secondAddress);
    const stale = await call("POST", "/api/account/email/confirm", null, { token: first });
    expect(stale.statusCode).toBe(400);
    expect((await call("POST", "/api/account/email/confirm", null, { token: "made-up" })).statusCode).toBe(400);
    expect((await call("POST", "/api/account/email/confirm", null, {})).json().errors).toEqual([
      { field: "token", message: EMAIL_CHANGE_TOKEN_INVALID },
    ]);

    t.clock.advance(EMAIL_CHANGE_TTL_MS + 1);
    try {
      const expired = await call("POST", "/api/account/email/confirm", null, { token: second });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(EMAIL_CHANGE_TOKEN_INVALID);
    } finally {
      t.clock.advance(-(EMAIL_CHANGE_TTL_MS + 1));
    }
    expect((await call("GET", "/api/account", parent.cookie)).json()).toMatchObject({ email: parent.email });
    expect(mailsTo(secondAddress).map((mail) => mail.subject)).toEqual([CONFIRM]);
  });

  it("refuses a wrong or missing password, the same address and an address another account uses", async () => {
    const parent = await signUpParent(t.app);
    const other = await signUpParent(t.app);
    const to = fresh("wanted");

    const wrong = await call("POST", "/api/account/email", parent.cookie, { email: to, password: "not it at all" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: "password", message: CURRENT_PASSWORD_WRONG }]);
    const missing = await call("POST", "/api/account/email", parent.cookie, { email: to });
    expect(missing.json().errors).toEqual([{ field: "password", message: "Current password is required" }]);
    const same = await call("POST", "/api/account/email", parent.cookie, {
      email: parent.email.toUpperCase(),
      password: parent.password,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ field: "email", message: EMAIL_UNCHANGED }]);
    const taken = await call("POST", "/api/account/email", parent.cookie, {
      email: other.email,
      password: parent.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: EMAIL_TAKEN, errors: [{ field: "email", message: EMAIL_TAKEN }] });
    const invalid = await call("POST", "/api/account/email", parent.cookie, { email: "nope", password: "x" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([{ field: "email", message: "Enter a valid e-mail address" }]);

    expect(mailsTo(to)).toEqual([]);
    expect(mailsTo(other.email)).toEqual([]);
    expect(mailsTo(parent.email)).toEqual([]);
  });

  it("refuses the link when another account took the address in the meantime", async () => {
    const parent = await signUpParent(t.app);
    const to = fresh("raced");
    const token = await requestChange(parent, to);
    await signUpParent(t.app, { email: to });
    const res = await call("POST", "/api/account/email/confirm", null, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EMAIL_TAKEN);
    expect((await call("GET", "/api/account", parent.cookie)).json().email).toBe(parent.email);
  });

  it("sends at most a few links an hour", async () => {
    const parent = await signUpParent(t.app);
    for (let i = 0; i < EMAIL_CHANGES_PER_HOUR; i++) {
      const res = await call("POST", "/api/account/email", parent.cookie, {
        email: fresh(`burst${i}`),
        password: parent.password,
      });
      expect(res.statusCode).toBe(202);
    }
    const refused = await call("POST", "/api/account/email", parent.cookie, {
      email: fresh("one-more"),
      password: parent.password,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many e-mail changes asked for\. Try again in \d+ minutes?\.$/);
  });
});

describe("POST /api/account/password", () => {
  it("changes the password, keeps this session, ends the others and tells the owner", async () => {
    const parent = await signUpParent(t.app, { password: "first password" });
    const other = cookieFrom(await logIn(parent.email, "first password"));
    expect((await whoIs(other)).statusCode).toBe(200);

    const res = await call("POST", "/api/account/password", parent.cookie, {
      currentPassword: "first password",
      newPassword: "second password",
    });
    expect(res.statusCode).toBe(204);
    expect((await whoIs(parent.cookie)).statusCode).toBe(200);
    expect((await whoIs(other)).statusCode).toBe(401);

    expect((await logIn(parent.email, "first password")).statusCode).toBe(401);
    expect((await logIn(parent.email, "second password")).statusCode).toBe(200);
    await mailTo(parent.email, "Your Pocketwise password has changed");
    const [row] = await t.database.query<{ password_hash: string }>("select password_hash from users where id = $1", [
      parent.user.id,
    ]);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("refuses a wrong current password, then throttles it as sign-in does", async () => {
    const parent = await signUpParent(t.app);
    const address = newAddress();
    const attempt = (currentPassword: string) =>
      call("POST", "/api/account/password", parent.cookie, { currentPassword, newPassword: "brand new one" }, address);
    for (let i = 0; i < SIGN_IN_FAILURES_ALLOWED; i++) {
      const res = await attempt("wrong guess");
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "currentPassword", message: CURRENT_PASSWORD_WRONG }]);
    }
    const locked = await attempt(parent.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many wrong passwords\. Try again in 15 minutes\.$/);
    // Still the old password.
    expect((await logIn(parent.email, parent.password)).statusCode).toBe(200);
  });

  it("refuses a new password sign-up would refuse, with field messages", async () => {
    const parent = await signUpParent(t.app);
    const res = await call("POST", "/api/account/password", parent.cookie, {
      currentPassword: "",
      newPassword: "short",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "currentPassword", message: "Current password is required" },
      { field: "newPassword", message: "Password must be at least 8 characters" },
    ]);
  });
});

describe("accounts that sign in through an identity provider", () => {
  it("change their name but neither e-mail nor password", async () => {
    const parent = await signUpParent(t.app);
    await t.database.query("update users set password_hash = null, oidc_subject = $1 where id = $2", [
      `subject-${parent.user.id}`,
      parent.user.id,
    ]);
    expect((await call("GET", "/api/account", parent.cookie)).json()).toMatchObject({
      hasPassword: false,
      signsInWithProvider: true,
    });
    expect((await call("PATCH", "/api/account", parent.cookie, { firstName: "Al", lastName: "Bo" })).statusCode).toBe(
      200,
    );
    const email = await call("POST", "/api/account/email", parent.cookie, { email: fresh("sso") });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors).toEqual([{ field: "email", message: NO_PASSWORD_EMAIL }]);
    const password = await call("POST", "/api/account/password", parent.cookie, {
      currentPassword: "anything",
      newPassword: "anything else",
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().errors).toEqual([{ field: "currentPassword", message: NO_PASSWORD_PASSWORD }]);
  });
});

describe("POST /api/account/sign-out-everywhere", () => {
  it("ends every session of the account, this one included, and no one else's", async () => {
    const parent = await signUpParent(t.app);
    const stranger = await signUpParent(t.app);
    const other = cookieFrom(await logIn(parent.email, parent.password));
    const res = await call("POST", "/api/account/sign-out-everywhere", parent.cookie);
    expect(res.statusCode).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/pw_session=;/);
    expect((await whoIs(parent.cookie)).statusCode).toBe(401);
    expect((await whoIs(other)).statusCode).toBe(401);
    expect((await whoIs(stranger.cookie)).statusCode).toBe(200);
    expect((await logIn(parent.email, parent.password)).statusCode).toBe(200);
  });
});
