import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { sha256 } from "../lib/tokens";
import { cookieFrom, createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../test-support/test-app";
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from "./session";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const MINUTE = 60 * 1000;
const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
const tokenOf = (cookie: string) =>
  cookie
    .split("; ")
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1) ?? "";
let address = 0;
const login = (email: string, password: string, cookie?: string) => {
  address += 1;
  return t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    headers: cookie ? { cookie } : {},
    remoteAddress: `10.55.0.${address}`,
  });
};

describe("idle timeout (30 minutes, renewed by activity)", () => {
  it("is still signed in after 29 idle minutes", async () => {
    const parent = await signUpParent(t.app);
    t.clock.advance(29 * MINUTE);
    expect((await me(parent.cookie)).statusCode).toBe(200);
  });

  it("is signed out after 30 idle minutes, and the browser is told to drop the cookie", async () => {
    const parent = await signUpParent(t.app);
    t.clock.advance(30 * MINUTE);
    const res = await me(parent.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthorized" });
    expect(String(res.headers["set-cookie"])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    // Going back in activity does not revive it.
    expect((await me(parent.cookie)).statusCode).toBe(401);
  });

  it("activity renews it: 29 minutes, a request, 29 minutes is still signed in", async () => {
    const parent = await signUpParent(t.app);
    t.clock.advance(29 * MINUTE);
    expect((await me(parent.cookie)).statusCode).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await me(parent.cookie)).statusCode).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await me(parent.cookie)).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect((await me(parent.cookie)).statusCode).toBe(401);
  });

  it("any API call counts as activity, a failed one included", async () => {
    const parent = await signUpParent(t.app);
    t.clock.advance(20 * MINUTE);
    await t.app.inject({ method: "GET", url: "/api/children/not-a-child", headers: { cookie: parent.cookie } });
    t.clock.advance(20 * MINUTE);
    expect((await me(parent.cookie)).statusCode).toBe(200);
  });

  it("an expired session cannot write either", async () => {
    const parent = await signUpParent(t.app);
    t.clock.advance(31 * MINUTE);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/children",
      headers: { cookie: parent.cookie },
      payload: { name: "Late", monthlyBudget: "5.00", autoApprovalLimit: "1.00" },
    });
    expect(res.statusCode).toBe(401);
    expect(await t.database.query("select id from children where parent_id = $1", [parent.user.id])).toHaveLength(0);
  });
});

describe("session ids", () => {
  it("change at sign-in, and the old id stops working", async () => {
    const parent = await signUpParent(t.app);
    const res = await login(parent.email, parent.password, parent.cookie);
    expect(res.statusCode).toBe(200);
    const after = cookieFrom(res);
    expect(tokenOf(after)).not.toBe("");
    expect(after).not.toBe(parent.cookie);
    expect((await me(parent.cookie)).statusCode).toBe(401);
    expect((await me(after)).json().id).toBe(parent.user.id);
  });

  it("a cookie value planted before sign-in is never adopted (no session fixation)", async () => {
    const parent = await signUpParent(t.app);
    const planted = `${SESSION_COOKIE}=attacker-chosen-value`;
    const res = await login(parent.email, parent.password, planted);
    const after = cookieFrom(res);
    expect(after).not.toBe(planted);
    expect((await me(planted)).statusCode).toBe(401);
    expect((await me(after)).statusCode).toBe(200);
  });

  it("only a hash of the cookie's token is stored", async () => {
    const parent = await signUpParent(t.app);
    const token = tokenOf(parent.cookie);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(await t.database.query("select sid from sessions where sid = $1", [token])).toHaveLength(0);
    expect(await t.database.query("select sid from sessions where sid = $1", [sha256(token)])).toHaveLength(1);
  });

  it("sets a hint naming the session's kind beside it, readable by the page and cleared with the session", async () => {
    const parent = await signUpParent(t.app);
    expect(parent.cookie).toContain(`${SESSION_HINT_COOKIE}=parent`);
    const signup = await login(parent.email, parent.password);
    const hint = [signup.headers["set-cookie"]].flat().find((c) => c?.startsWith(`${SESSION_HINT_COOKIE}=`));
    expect(hint).toMatch(/^pw_signed_in=parent; Path=\/; SameSite=Lax$/);
    // A session made before the hint existed gets it on its next request.
    const bare = `${SESSION_COOKIE}=${tokenOf(parent.cookie)}`;
    const again = await me(bare);
    expect(again.statusCode).toBe(200);
    expect(String(again.headers["set-cookie"])).toContain(`${SESSION_HINT_COOKIE}=parent`);
    // A hint whose session is gone is cleared.
    const orphan = await me(`${SESSION_HINT_COOKIE}=parent`);
    expect(orphan.statusCode).toBe(401);
    expect(String(orphan.headers["set-cookie"])).toMatch(/pw_signed_in=;.*Expires=Thu, 01 Jan 1970/);
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: parent.cookie } });
    expect(String(out.headers["set-cookie"])).toMatch(/pw_signed_in=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("each sign-in gets its own id", async () => {
    const parent = await signUpParent(t.app);
    const a = cookieFrom(await login(parent.email, parent.password));
    const b = cookieFrom(await login(parent.email, parent.password));
    expect(a).not.toBe(b);
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(200);
  });

  it("a failed sign-in keeps the current session as it was", async () => {
    const parent = await signUpParent(t.app);
    const res = await login(parent.email, "not the password", parent.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect((await me(parent.cookie)).statusCode).toBe(200);
  });
});

describe("logout", () => {
  it("removes the session row so the cookie is worthless afterwards", async () => {
    const parent = await signUpParent(t.app);
    const sid = sha256(tokenOf(parent.cookie));
    await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie: parent.cookie } });
    expect(await t.database.query("select sid from sessions where sid = $1", [sid])).toHaveLength(0);
    expect((await me(parent.cookie)).statusCode).toBe(401);
  });
});

describe("shared between app instances", () => {
  it("a session started on one instance works on another using the same database", async () => {
    const second = await buildApp(
      { cookieSecure: false, appOrigin: null, oidc: null, clientDir: null, now: t.clock.now },
      t.database,
    );
    await second.ready();
    try {
      const parent = await signUpParent(t.app);
      const res = await second.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: parent.cookie } });
      expect(res.statusCode).toBe(200);
      await second.inject({ method: "POST", url: "/api/logout", headers: { cookie: parent.cookie } });
      expect((await me(parent.cookie)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});
