import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { cookieFrom, createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";
import { safeReturnTo } from "./auth.routes";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

let addressCounter = 0;
/** A client address no other test uses, so per-address counters never leak between tests. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};

let emailCounter = 0;
const freshEmail = () => {
  emailCounter += 1;
  return `auth-${emailCounter}-${Date.now().toString(36)}@example.com`;
};

const signup = (payload: Record<string, unknown>, remoteAddress = freshAddress()) =>
  t.app.inject({ method: "POST", url: "/api/auth/signup", payload, remoteAddress });

const login = (email: string, password: string, remoteAddress = freshAddress()) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });

/**
 * Sends wrong passwords, all at once (argon2id checks them side by side; each is counted before it is
 * tried, so order does not matter), and expects every one to be a plain 401.
 */
async function failAll(attempts: { email: string; address: string }[]) {
  const results = await Promise.all(attempts.map(({ email, address }, i) => login(email, `wrong ${i}`, address)));
  expect(results.map((r) => r.statusCode)).toEqual(attempts.map(() => 401));
}
/** `count` failures at one account, ten from each of as many fresh addresses: under every pair's budget. */
function spread(email: string, count: number) {
  const addresses = Array.from({ length: Math.ceil(count / 10) }, () => freshAddress());
  return Array.from({ length: count }, (_, i) => ({ email, address: addresses[Math.floor(i / 10)] as string }));
}
/** Tests that spend a hundred failures run a few hundred argon2id checks, slow on a busy machine. */
const MANY_FAILURES_MS = 120_000;

const whoAmI = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });

const valid = () => ({ email: freshEmail(), password: "a good password", firstName: "Sam", lastName: "Rivera" });

describe("POST /api/auth/signup", () => {
  it("creates the account, answers 201 with the user and signs in", async () => {
    const body = valid();
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(Object.keys(user).sort()).toEqual(
      ["email", "firstName", "id", "lastName", "profileImageUrl", "subscriptionTier"].sort(),
    );
    expect(user).toMatchObject({
      email: body.email,
      firstName: "Sam",
      lastName: "Rivera",
      profileImageUrl: null,
      subscriptionTier: "free",
    });
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);

    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^pw_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);

    const me = await whoAmI(cookieFrom(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it("stores the e-mail in lower case and trims the names", async () => {
    const email = freshEmail();
    const res = await signup({ ...valid(), email: `  ${email.toUpperCase()} `, firstName: "  Ana ", lastName: " Li " });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, firstName: "Ana", lastName: "Li" });
  });

  it("stores the password as an argon2id hash, never as text", async () => {
    const body = valid();
    expect((await signup(body)).statusCode).toBe(201);
    const [row] = await t.database.query<{ password_hash: string }>(
      "select password_hash from users where email = $1",
      [body.email],
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(body.password);
  });

  it("refuses a duplicate e-mail with 409, whatever its case, and keeps one account", async () => {
    const body = valid();
    expect((await signup(body)).statusCode).toBe(201);
    for (const email of [body.email, body.email.toUpperCase(), ` ${body.email.replace(/^a/, "A")} `]) {
      const res = await signup({ ...valid(), email });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("An account with this e-mail already exists");
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    const rows = await t.database.query("select id from users where lower(email) = $1", [body.email]);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["a missing e-mail", { email: undefined }, "email", "E-mail is required"],
    ["a malformed e-mail", { email: "not-an-email" }, "email", "Enter a valid e-mail address"],
    ["a missing password", { password: undefined }, "password", "Password is required"],
    ["a 7-character password", { password: "1234567" }, "password", "Password must be at least 8 characters"],
    ["a 129-character password", { password: "x".repeat(129) }, "password", "Password must be at most 128 characters"],
    ["a blank first name", { firstName: "   " }, "firstName", "First name is required"],
    ["a missing last name", { lastName: undefined }, "lastName", "Last name is required"],
    ["a password that is a number", { password: 12345678 }, "password", "Password is required"],
    ["a 51-character last name", { lastName: "x".repeat(51) }, "lastName", "Last name must be at most 50 characters"],
  ])("refuses %s with 400 and a field message", async (_label, change, field, message) => {
    const body: Record<string, unknown> = { ...valid(), ...change };
    const res = await signup(body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.message).toEqual(expect.any(String));
    expect(json.errors).toContainEqual({ field, message });
    expect(res.headers["set-cookie"]).toBeUndefined();
    if (typeof body.email === "string" && body.email.includes("@")) {
      expect(await t.database.query("select id from users where email = $1", [body.email])).toHaveLength(0);
    }
  });

  it("accepts passwords of exactly 8 and exactly 128 characters", async () => {
    expect((await signup({ ...valid(), password: "12345678" })).statusCode).toBe(201);
    expect((await signup({ ...valid(), password: "y".repeat(128) })).statusCode).toBe(201);
  });

  it("ignores unknown fields, including a chosen plan", async () => {
    const res = await signup({ ...valid(), subscriptionTier: "premium", isAdmin: true, id: "x" });
    expect(res.statusCode).toBe(201);
    expect(res.json().subscriptionTier).toBe("free");
  });

  it("limits sign-ups from one address to 100 an hour", async () => {
    const address = freshAddress();
    await t.database.query(
      "insert into rate_limits (key, count, reset_at) values ($1, 100, $2::timestamptz + interval '1 hour')",
      [`signup:ip:${address}`, t.clock.now().toISOString()],
    );
    const res = await signup(valid(), address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many sign-ups/);
    expect((await signup(valid(), freshAddress())).statusCode).toBe(201);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password (any e-mail case) and answers the user", async () => {
    const parent = await signUpParent(t.app);
    const res = await login(parent.email.toUpperCase(), parent.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(parent.user);
    const me = await whoAmI(cookieFrom(res));
    expect(me.json().id).toBe(parent.user.id);
  });

  it("answers 401 'Invalid email or password' for a wrong password or an unknown e-mail", async () => {
    const parent = await signUpParent(t.app);
    for (const [email, password] of [
      [parent.email, "wrong password"],
      [freshEmail(), parent.password],
    ] as const) {
      const res = await login(email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Invalid email or password" });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("answers 400 for a missing or non-string field", async () => {
    for (const payload of [{}, { email: "a@b.co" }, { email: 5, password: "x" }, { email: "a@b.co", password: [] }]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload,
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(expect.any(Array));
    }
  });

  it("refuses an address after 10 failures at an account, while the owner signs in from their own", async () => {
    const parent = await signUpParent(t.app);
    const home = freshAddress();
    const attacker = freshAddress();
    for (let i = 0; i < 10; i++) {
      expect((await login(parent.email, `wrong ${i}`, attacker)).statusCode).toBe(401);
    }
    const blocked = await login(parent.email, parent.password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    // The e-mail's case does not get around the pair's counter.
    expect((await login(parent.email.toUpperCase(), parent.password, attacker)).statusCode).toBe(429);

    // Someone else's failures never refuse the right password from another address.
    expect((await login(parent.email, parent.password, home)).statusCode).toBe(200);
    expect((await login(parent.email, parent.password, freshAddress())).statusCode).toBe(200);

    t.clock.advance(15 * 60 * 1000);
    expect((await login(parent.email, parent.password, attacker)).statusCode).toBe(200);
  });

  it(
    "locks a pair that keeps failing out for twice as long each time, up to a day",
    async () => {
      const parent = await signUpParent(t.app);
      const attacker = freshAddress();
      const lockOut = async () => {
        await failAll(Array.from({ length: 10 }, () => ({ email: parent.email, address: attacker })));
        const refused = await login(parent.email, "one more guess", attacker);
        expect(refused.statusCode).toBe(429);
        return refused.json().message.replace("Too many failed sign-in attempts. Try again in ", "");
      };
      const minutes = [15, 30, 60, 120, 240, 480, 960, 1440, 1440];
      const waits: string[] = [];
      for (const m of minutes) {
        waits.push(await lockOut());
        // Refused until the lockout is over, and only then.
        t.clock.advance(m * 60 * 1000 - 1000);
        expect((await login(parent.email, parent.password, attacker)).statusCode).toBe(429);
        t.clock.advance(1000);
      }
      expect(waits).toEqual([
        "15 minutes.",
        "30 minutes.",
        "60 minutes.",
        "2 hours.",
        "4 hours.",
        "8 hours.",
        "16 hours.",
        "24 hours.",
        "24 hours.",
      ]);
      expect((await login(parent.email, parent.password, freshAddress())).statusCode).toBe(200);

      // A day without a lockout, and the pair starts again at 15 minutes.
      t.clock.advance(24 * 60 * 60 * 1000);
      expect(await lockOut()).toBe("15 minutes.");
    },
    MANY_FAILURES_MS,
  );

  it(
    "allows 100 failures per address in 15 minutes across accounts, then answers 429",
    async () => {
      const address = freshAddress();
      const parent = await signUpParent(t.app);
      await failAll(Array.from({ length: 100 }, () => ({ email: freshEmail(), address })));
      const refused = await login(parent.email, parent.password, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
      // Another address still signs the same parent in.
      expect((await login(parent.email, parent.password, freshAddress())).statusCode).toBe(200);
      t.clock.advance(15 * 60 * 1000);
      expect((await login(parent.email, parent.password, address)).statusCode).toBe(200);
    },
    MANY_FAILURES_MS,
  );

  it(
    "past 100 failures at an account in a day, only addresses it has signed in from may go on trying",
    async () => {
      const parent = await signUpParent(t.app);
      const home = freshAddress();
      expect((await login(parent.email, parent.password, home)).statusCode).toBe(200);
      // A guesser spread over ten addresses, each staying under its pair's budget.
      await failAll(spread(parent.email, 100));
      const refused = await login(parent.email, parent.password, freshAddress());
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe("Too many failed sign-in attempts. Try again in 24 hours.");

      // The owner at home is not locked out: a mistake is still just a mistake, and the right password works.
      expect((await login(parent.email, "a typo", home)).statusCode).toBe(401);
      expect((await login(parent.email, parent.password, home)).statusCode).toBe(200);

      // A new address waits for the day to end; signing in then makes it known...
      const away = freshAddress();
      expect((await login(parent.email, parent.password, away)).statusCode).toBe(429);
      t.clock.advance(24 * 60 * 60 * 1000);
      expect((await login(parent.email, parent.password, away)).statusCode).toBe(200);
      // ...until 90 days after its last sign-in.
      t.clock.advance(90 * 24 * 60 * 60 * 1000 + 1000);
      await failAll(spread(parent.email, 100));
      expect((await login(parent.email, parent.password, away)).statusCode).toBe(429);
    },
    MANY_FAILURES_MS,
  );

  it("a burst of parallel guesses from one address cannot slip past the pair's budget", async () => {
    const parent = await signUpParent(t.app);
    const attacker = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(parent.email, `parallel guess ${i}`, attacker)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect((await login(parent.email, parent.password, attacker)).statusCode).toBe(429);
    expect((await login(parent.email, parent.password)).statusCode).toBe(200);
  });

  it(
    "a burst of parallel guesses from many addresses cannot slip past the account's budget",
    async () => {
      const parent = await signUpParent(t.app);
      const results = await Promise.all(
        Array.from({ length: 120 }, (_, i) => login(parent.email, `spread guess ${i}`)),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(100);
      expect(codes.filter((c) => c === 429)).toHaveLength(20);
      expect((await login(parent.email, parent.password)).statusCode).toBe(429);
    },
    MANY_FAILURES_MS,
  );

  it("an attempt refused with 429 counts against neither the address nor the account", async () => {
    const parent = await signUpParent(t.app);
    const other = await signUpParent(t.app);
    const shared = freshAddress();
    for (let i = 0; i < 10; i++) expect((await login(parent.email, `wrong ${i}`, shared)).statusCode).toBe(401);
    // Hammering the refused pair spends nothing: not the address's budget (a school's shared address)...
    for (let i = 0; i < 150; i++) expect((await login(parent.email, "still wrong", shared)).statusCode).toBe(429);
    expect((await login(other.email, other.password, shared)).statusCode).toBe(200);
    // ...nor the account's, which would otherwise shut out the owner's new addresses.
    expect((await login(parent.email, parent.password, freshAddress())).statusCode).toBe(200);
  });

  it("behind a trusted proxy counts each client's own address, otherwise the proxy's", async () => {
    const attempt = (app: typeof t.app, email: string, forwardedFor: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: "a wrong guess" },
        headers: { "x-forwarded-for": forwardedFor },
        remoteAddress: "10.250.0.1",
      });
    for (const [trustProxy, expected] of [
      ["10.250.0.1", 401],
      [false, 429],
    ] as const) {
      const app = await buildApp(
        { cookieSecure: false, appOrigin: null, oidc: null, clientDir: null, now: t.clock.now, trustProxy },
        t.database,
      );
      await app.ready();
      try {
        const email = freshEmail();
        for (let i = 0; i < 10; i++) expect((await attempt(app, email, `203.0.113.${i}`)).statusCode).toBe(401);
        expect((await attempt(app, email, "203.0.113.99")).statusCode, `trustProxy ${trustProxy}`).toBe(expected);
      } finally {
        await app.close();
      }
    }
  });

  it("does not count successful sign-ins", async () => {
    const parent = await signUpParent(t.app);
    const address = freshAddress();
    for (let i = 0; i < 9; i++) expect((await login(parent.email, "nope nope", address)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(parent.email, parent.password, address)).statusCode).toBe(200);
    expect((await login(parent.email, "nope nope", address)).statusCode).toBe(401);
    expect((await login(parent.email, parent.password, address)).statusCode).toBe(429);
  });
});

describe("GET /api/auth/user", () => {
  it("answers 401 {message: 'Unauthorized'} without a session or with a made-up cookie", async () => {
    for (const headers of [{}, { cookie: "pw_session=made-up" }, { cookie: "pw_session=" }]) {
      const res = await t.app.inject({ method: "GET", url: "/api/auth/user", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Unauthorized" });
    }
  });

  it("answers 401 when the account behind a session is gone", async () => {
    const parent = await signUpParent(t.app);
    await t.database.query("delete from users where id = $1", [parent.user.id]);
    expect((await whoAmI(parent.cookie)).statusCode).toBe(401);
  });
});

describe("GET /api/login", () => {
  const go = (query: string) => t.app.inject({ method: "GET", url: `/api/login${query}` });

  it("sends the browser to the sign-in screen in the asked mode", async () => {
    const res = await go("?mode=signup&returnTo=/parent");
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), "http://app.test");
    expect(location.pathname).toBe("/signin");
    expect(location.searchParams.get("mode")).toBe("signup");
    expect(location.searchParams.get("returnTo")).toBe("/parent");
  });

  it("defaults to login mode and a return to /", async () => {
    const res = await go("");
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), "http://app.test");
    expect(location.pathname).toBe("/signin");
    expect(location.searchParams.get("mode")).toBe("login");
    expect(location.searchParams.get("returnTo")).toBe("/");
  });

  it.each([
    "//evil.com",
    "https://evil.com",
    "/\\evil.com",
    "/%09/evil.com",
    "%2F%2Fevil.com",
    "javascript:alert(1)",
    "evil.com",
  ])("never returns to another site (returnTo=%s)", async (returnTo) => {
    const res = await go(`?returnTo=${returnTo}`);
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), "http://app.test");
    expect(location.origin).toBe("http://app.test");
    const back = location.searchParams.get("returnTo") ?? "";
    expect(new URL(back, "http://app.test").origin).toBe("http://app.test");
  });

  it("sends an unknown mode to the sign-in screen: a browser follows this link, so no JSON error", async () => {
    const res = await go("?mode=admin&returnTo=/parent");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/signin?mode=login&returnTo=%2Fparent");
  });
});

describe("safeReturnTo", () => {
  it.each([
    [undefined, "/"],
    ["", "/"],
    ["/", "/"],
    ["/parent", "/parent"],
    ["/child/abc/settings?tab=2#x", "/child/abc/settings?tab=2#x"],
    ["//evil.com", "/"],
    ["https://evil.com", "/"],
    ["/\\evil.com", "/"],
    ["/\t/evil.com", "/"],
    ["/\n/evil.com", "/"],
    ["evil.com", "/"],
    ["javascript:alert(1)", "/"],
    ["/.//evil.com", "/"],
    ["/../..///evil.com", "/"],
    ["/a/..//evil.com", "/"],
    ["/a/../parent", "/parent"],
  ])("%j becomes %j", (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it("keeps a path that is safe but needs encoding, encoded", () => {
    const out = safeReturnTo("/child/é");
    expect(out).toBe("/child/%C3%A9");
  });
});

describe("logout", () => {
  it("GET /api/logout ends the session and redirects to /", async () => {
    const parent = await signUpParent(t.app);
    const res = await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie: parent.cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
    expect(String(res.headers["set-cookie"])).toMatch(/pw_session=;/);
    expect((await whoAmI(parent.cookie)).statusCode).toBe(401);
  });

  it("POST /api/logout answers 204 and the old cookie no longer works", async () => {
    const parent = await signUpParent(t.app);
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: parent.cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await whoAmI(parent.cookie)).statusCode).toBe(401);
    const rows = await t.database.query("select sid from sessions where sess->>'userId' = $1", [parent.user.id]);
    expect(rows).toHaveLength(0);
  });

  it("signing out without a session is harmless", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/logout" })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: "/api/logout" })).statusCode).toBe(302);
  });

  it("signing out one device leaves the other signed in", async () => {
    const parent = await signUpParent(t.app);
    const other = await login(parent.email, parent.password);
    await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: parent.cookie } });
    expect((await whoAmI(cookieFrom(other))).statusCode).toBe(200);
  });
});
