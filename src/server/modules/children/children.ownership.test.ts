import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addChild,
  createTestApp,
  insertCart,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

/**
 * docs/product-contract.md "Ownership and roles": every child-scoped route answers 404 to another parent, 403 to a
 * sibling's child session and 401 to a visitor, and changes nothing either way.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpParent>>;
let stranger: Awaited<ReturnType<typeof signUpParent>>;
let childId: string;
let cartId: string;
let siblingKid: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpParent(t.app);
  stranger = await signUpParent(t.app);
  await addChild(t.app, stranger.cookie, { name: "Stranger's kid" });
  childId = (await addChild(t.app, owner.cookie, { name: "Maya", monthlyBudget: "50.00" })).id;
  cartId = await insertCart(t.database, childId, { total: "5.00" });
  await setTier(t.database, owner.user.id, "family");
  const sibling = await addChild(t.app, owner.cookie, { name: "Leo", monthlyBudget: "50.00" });
  siblingKid = await signInChild(t.app, owner.cookie, sibling.id);
  await t.database.query("insert into chores (child_id, title, reward) values ($1, 'Dishes', '2.00')", [childId]);
  await t.database.query(
    "insert into achievements (child_id, type, title, description) values ($1, 'first_cart', 'First Cart', 'x')",
    [childId],
  );
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const NOT_YOURS = "You can only see your own things";
const PARENTS_ONLY = "Ask a parent to do this";

type Call = {
  name: string;
  method: "GET" | "PATCH" | "DELETE";
  url: () => string;
  payload?: object;
  notFound: string;
  /** What a sibling's child session is told: 403 either way, for a parent's action or for another child's things. */
  forbidden: string;
};
const calls: Call[] = [
  {
    name: "read a child",
    method: "GET",
    url: () => `/api/children/${childId}`,
    notFound: "Child not found",
    forbidden: NOT_YOURS,
  },
  {
    name: "change a child",
    method: "PATCH",
    url: () => `/api/children/${childId}`,
    payload: { name: "Hacked", monthlyBudget: "9999.00", isActive: false },
    notFound: "Child not found",
    forbidden: PARENTS_ONLY,
  },
  {
    name: "delete a child",
    method: "DELETE",
    url: () => `/api/children/${childId}`,
    notFound: "Child not found",
    forbidden: PARENTS_ONLY,
  },
  {
    name: "list carts",
    method: "GET",
    url: () => `/api/children/${childId}/carts`,
    notFound: "Child not found",
    forbidden: NOT_YOURS,
  },
  {
    name: "list badges",
    method: "GET",
    url: () => `/api/children/${childId}/achievements`,
    notFound: "Child not found",
    forbidden: NOT_YOURS,
  },
  {
    name: "list chores",
    method: "GET",
    url: () => `/api/children/${childId}/chores`,
    notFound: "Child not found",
    forbidden: NOT_YOURS,
  },
  {
    name: "approve a cart",
    method: "PATCH",
    url: () => `/api/carts/${cartId}/status`,
    payload: { status: "approved", allowOverBudget: true },
    notFound: "Cart not found",
    forbidden: PARENTS_ONLY,
  },
  {
    name: "decline a cart",
    method: "PATCH",
    url: () => `/api/carts/${cartId}/status`,
    payload: { status: "declined", note: "no" },
    notFound: "Cart not found",
    forbidden: PARENTS_ONLY,
  },
];

async function snapshot() {
  const [child] = await t.database.query("select * from children where id = $1", [childId]);
  const [cart] = await t.database.query("select * from carts where id = $1", [cartId]);
  const chores = await t.database.query("select * from chores where child_id = $1", [childId]);
  const badges = await t.database.query("select * from achievements where child_id = $1", [childId]);
  const [user] = await t.database.query("select monthly_purchases from users where id = $1", [owner.user.id]);
  return JSON.stringify({ child, cart, chores, badges, user });
}

describe("ownership matrix", () => {
  it.each(calls)("another parent cannot $name: 404, nothing changed", async (call) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: call.method,
      url: call.url(),
      headers: { cookie: stranger.cookie },
      payload: call.payload,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: call.notFound });
    expect(await snapshot()).toBe(before);
  });

  it.each(calls)("a sibling's child session cannot $name: 403, nothing changed", async (call) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: call.method,
      url: call.url(),
      headers: { cookie: siblingKid },
      payload: call.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: call.forbidden });
    expect(await snapshot()).toBe(before);
  });

  it.each(calls)("a visitor cannot $name: 401, nothing changed", async (call) => {
    const before = await snapshot();
    const res = await t.app.inject({ method: call.method, url: call.url(), payload: call.payload });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthorized" });
    expect(await snapshot()).toBe(before);
  });

  it.each(calls)("a made-up session cannot $name: 401, nothing changed", async (call) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: call.method,
      url: call.url(),
      headers: { cookie: "pw_session=forged-token-value" },
      payload: call.payload,
    });
    expect(res.statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });

  it("the stranger's lists never include the owner's records", async () => {
    const children = await t.app.inject({ method: "GET", url: "/api/children", headers: { cookie: stranger.cookie } });
    expect(children.json().map((c: { id: string }) => c.id)).not.toContain(childId);
    const pending = await t.app.inject({
      method: "GET",
      url: "/api/carts/pending",
      headers: { cookie: stranger.cookie },
    });
    expect(pending.json()).toEqual([]);
  });

  it("the owner still reaches every route (the matrix is not 404 for everyone)", async () => {
    for (const call of calls.filter((c) => c.method === "GET")) {
      const res = await t.app.inject({ method: "GET", url: call.url(), headers: { cookie: owner.cookie } });
      expect(res.statusCode, call.name).toBe(200);
    }
  });

  it("a child session reaches its own child however the id's letters are cased, as a parent does", async () => {
    const kid = await signInChild(t.app, owner.cookie, childId);
    for (const cookie of [kid, owner.cookie]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/children/${childId.toUpperCase()}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it.each(calls)(
    "a guardian the owner removed cannot $name: 404 after signing in again, nothing changed",
    async (call) => {
      const before = await snapshot();
      const res = await t.app.inject({
        method: call.method,
        url: call.url(),
        headers: { cookie: removedGuardian },
        payload: call.payload,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: call.notFound });
      expect(await snapshot()).toBe(before);
    },
  );

  it("a guardian of the family reaches every route the owner reads", async () => {
    for (const call of calls.filter((c) => c.method === "GET")) {
      const res = await t.app.inject({ method: "GET", url: call.url(), headers: { cookie: guardian } });
      expect(res.statusCode, call.name).toBe(200);
    }
  });
});

/** An adult joins the owner's family through an invitation; answers their session cookie and id. */
async function joinOwnersFamily() {
  const adult = await signUpParent(t.app);
  await t.app.inject({
    method: "POST",
    url: "/api/family/guardians",
    headers: { cookie: owner.cookie },
    payload: { email: adult.email },
  });
  const [row] = await t.database.query<{ payload: { link: string } }>(
    "select payload from outbound_messages where type = 'guardian.invitation' and payload->>'email' = $1",
    [adult.email],
  );
  const token = row?.payload.link.split("/join/")[1];
  const joined = await t.app.inject({
    method: "POST",
    url: `/api/family/invitations/${token}/accept`,
    headers: { cookie: adult.cookie },
  });
  if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.body}`);
  return adult;
}

let guardian: string;
let removedGuardian: string;
beforeAll(async () => {
  guardian = (await joinOwnersFamily()).cookie;
  const removed = await joinOwnersFamily();
  await t.app.inject({
    method: "DELETE",
    url: `/api/family/guardians/${removed.user.id}`,
    headers: { cookie: owner.cookie },
  });
  const login = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: removed.email, password: removed.password },
  });
  removedGuardian = String(login.headers["set-cookie"]).split(";")[0] as string;
}, SLOW_START_MS);
