import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sha256 } from "../../lib/tokens";
import {
  addChild,
  cookieFrom,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);
beforeEach(() => {
  t.clock.set("2026-05-10T12:00:00Z");
});

let address = 0;
/** Each test signs in from its own address so the per-address limit of one test never reaches another. */
const nextAddress = () => {
  address += 1;
  return `10.77.${Math.floor(address / 250)}.${address % 250}`;
};

const newCode = (cookie: string, childId: string) =>
  t.app.inject({ method: "POST", url: `/api/children/${childId}/login-code`, headers: { cookie } });
const kidLogin = (code: string, remoteAddress = "10.76.0.1") =>
  t.app.inject({ method: "POST", url: "/api/kid/login", payload: { code }, remoteAddress });
const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

async function family() {
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "family");
  const child = await addChild(t.app, parent.cookie, { name: "Maya", age: 13 });
  return { parent, child };
}

describe("POST /api/children/:id/login-code", () => {
  it("answers an 8-character code valid for 15 minutes, storing only its SHA-256", async () => {
    const { parent, child } = await family();
    const res = await newCode(parent.cookie, child.id);
    expect(res.statusCode).toBe(201);
    const { code, expiresAt } = res.json();
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(expiresAt).toBe("2026-05-10T12:15:00.000Z");
    const rows = await t.database.query<{ code_hash: string }>(
      "select code_hash from child_login_codes where child_id = $1",
      [child.id],
    );
    expect(rows).toEqual([{ code_hash: sha256(code) }]);
  });

  it("leaves one live code when several are made at once: the others stop working", async () => {
    const { parent, child } = await family();
    const made = await Promise.all(Array.from({ length: 10 }, () => newCode(parent.cookie, child.id)));
    expect(made.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const live = await t.database.query("select 1 from child_login_codes where child_id = $1 and used_at is null", [
      child.id,
    ]);
    expect(live).toHaveLength(1);
    const logins = await Promise.all(made.map((r, i) => kidLogin(r.json().code, `10.75.0.${i + 1}`)));
    expect(logins.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it("is the owning parent's alone: 404 for other families and bad ids, 403 for a child, 401 signed out", async () => {
    const { parent, child } = await family();
    const other = await family();
    expect((await newCode(parent.cookie, other.child.id)).statusCode).toBe(404);
    expect((await newCode(parent.cookie, "nope")).json()).toEqual({ message: "Child not found" });
    const kid = cookieFrom(await kidLogin((await newCode(parent.cookie, child.id)).json().code, nextAddress()));
    expect((await newCode(kid, child.id)).statusCode).toBe(403);
    expect((await newCode("", child.id)).statusCode).toBe(401);
  });
});

describe("POST /api/kid/login", () => {
  it("starts a session for that one child and answers the child", async () => {
    const { parent, child } = await family();
    const { code } = (await newCode(parent.cookie, child.id)).json();
    const res = await kidLogin(code, nextAddress());
    expect(res.statusCode).toBe(200);
    expect(res.json().child).toMatchObject({ id: child.id, name: "Maya", currentSpent: "0.00" });
    const kid = cookieFrom(res);
    expect((await get(kid, "/api/kid/me")).json()).toEqual({ child: res.json().child });
    for (const url of ["carts", "achievements", "chores", "categories"]) {
      expect((await get(kid, `/api/children/${child.id}/${url}`)).statusCode).toBe(200);
    }
  });

  it("accepts the code typed in lower case with a dash", async () => {
    const { parent, child } = await family();
    const { code } = (await newCode(parent.cookie, child.id)).json();
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    expect((await kidLogin(typed, nextAddress())).statusCode).toBe(200);
  });

  it("refuses a used, expired, replaced or made-up code with 401", async () => {
    const { parent, child } = await family();
    const from = nextAddress();
    const invalid = { message: "That code is not valid or has expired" };
    const used = (await newCode(parent.cookie, child.id)).json().code;
    expect((await kidLogin(used, from)).statusCode).toBe(200);
    const again = await kidLogin(used, from);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(invalid);

    const expiring = (await newCode(parent.cookie, child.id)).json().code;
    t.clock.advance(15 * 60 * 1000);
    expect((await kidLogin(expiring, from)).json()).toEqual(invalid);

    const replaced = (await newCode(parent.cookie, child.id)).json().code;
    const current = (await newCode(parent.cookie, child.id)).json().code;
    expect((await kidLogin(replaced, from)).statusCode).toBe(401);
    expect((await kidLogin(current, from)).statusCode).toBe(200);
    expect((await kidLogin("ZZZZZZZZ", from)).statusCode).toBe(401);
  });

  it("allows 10 wrong codes per address in 15 minutes, then answers 429 even for a right one", async () => {
    const { parent, child } = await family();
    const from = nextAddress();
    for (let i = 0; i < 10; i++) expect((await kidLogin("WRONG234", from)).statusCode).toBe(401);
    const { code } = (await newCode(parent.cookie, child.id)).json();
    const blocked = await kidLogin(code, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many wrong codes\. Try again in 15 minutes\.$/);
    expect((await kidLogin(code, nextAddress())).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1);
    const later = (await newCode(parent.cookie, child.id)).json().code;
    expect((await kidLogin(later, from)).statusCode).toBe(200);
  });

  it("refuses a body without a code with 400", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/kid/login", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe("code");
  });
});

describe("what a child session may do", () => {
  async function signedInChild() {
    const f = await family();
    const sibling = await addChild(t.app, f.parent.cookie, { name: "Leo", age: 13 });
    const { code } = (await newCode(f.parent.cookie, f.child.id)).json();
    return { ...f, sibling, kid: cookieFrom(await kidLogin(code, nextAddress())) };
  }

  it("may not see a sibling or the parent's lists and settings (403, 401 for the parent's account)", async () => {
    const { child, sibling, kid } = await signedInChild();
    for (const url of ["", "/carts", "/achievements", "/chores", "/categories"]) {
      const res = await get(kid, `/api/children/${sibling.id}${url}`);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: "You can only see your own things" });
    }
    for (const url of ["/api/children", "/api/carts/pending", "/api/usage"]) {
      expect((await get(kid, url)).statusCode).toBe(403);
    }
    expect((await get(kid, "/api/auth/user")).statusCode).toBe(401);
    const settings = await t.app.inject({
      method: "PATCH",
      url: `/api/children/${child.id}`,
      headers: { cookie: kid },
      payload: { monthlyBudget: "999.00" },
    });
    expect(settings.statusCode).toBe(403);
    const remove = await t.app.inject({ method: "DELETE", url: `/api/children/${child.id}`, headers: { cookie: kid } });
    expect(remove.statusCode).toBe(403);
    const addChore = await t.app.inject({
      method: "POST",
      url: `/api/children/${child.id}/chores`,
      headers: { cookie: kid },
      payload: { title: "Free money", reward: "100.00" },
    });
    expect(addChore.statusCode).toBe(403);
    const addCategory = await t.app.inject({
      method: "POST",
      url: `/api/children/${child.id}/categories`,
      headers: { cookie: kid },
      payload: { name: "Anything" },
    });
    expect(addCategory.statusCode).toBe(403);
  });

  it("ends with POST /api/logout; /api/kid/me then answers 401, as it does for a parent", async () => {
    const { parent, kid } = await signedInChild();
    expect((await get(parent.cookie, "/api/kid/me")).statusCode).toBe(401);
    expect((await get("", "/api/kid/me")).json()).toEqual({ message: "Unauthorized" });
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: kid } });
    expect(out.statusCode).toBe(204);
    expect((await get(kid, "/api/kid/me")).statusCode).toBe(401);
  });

  it("answers 401 on /api/kid/me once the child is deleted", async () => {
    const { parent, child, kid } = await signedInChild();
    await t.app.inject({ method: "DELETE", url: `/api/children/${child.id}`, headers: { cookie: parent.cookie } });
    expect((await get(kid, "/api/kid/me")).statusCode).toBe(401);
    expect((await get(kid, `/api/children/${child.id}`)).statusCode).toBe(404);
  });
});
