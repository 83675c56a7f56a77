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

/*
 * docs/product-contract.md "The family and its guardians": the owner invites, an adult joins through the
 * link, guardians decide as the owner does within their own limit, and the owner alone removes guardians
 * and deletes children. Removing a guardian ends their sessions at once.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpParent>>;
let stranger: Awaited<ReturnType<typeof signUpParent>>;
let childId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpParent(t.app, { firstName: "Olivia" });
  stranger = await signUpParent(t.app);
  await setTier(t.database, owner.user.id, "family");
  childId = (await addChild(t.app, owner.cookie, { name: "Maya", monthlyBudget: "50.00" })).id;
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

/** The link's token, read from the invitation e-mail queued for `email`. */
async function invitationToken(email: string) {
  const rows = await t.database.query<{ payload: { link: string } }>(
    "select payload from outbound_messages where type = 'guardian.invitation' and payload->>'email' = $1 order by created_at desc limit 1",
    [email],
  );
  const link = rows[0]?.payload.link;
  if (!link) throw new Error(`no invitation e-mail for ${email}`);
  return link.split("/join/")[1] as string;
}

async function inviteAndJoin(fields: { approvalLimit?: string } = {}) {
  const invitee = await signUpParent(t.app, { firstName: "Gabe" });
  const invited = await call("POST", "/api/family/guardians", owner.cookie, { email: invitee.email, ...fields });
  expect(invited.statusCode).toBe(201);
  const token = await invitationToken(invitee.email);
  const joined = await call("POST", `/api/family/invitations/${token}/accept`, invitee.cookie);
  expect(joined.statusCode).toBe(200);
  return { ...invitee, token };
}

describe("the family", () => {
  it("answers the owner's family with the default 48-hour window", async () => {
    const res = await call("GET", "/api/family", owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: owner.user.id,
      approvalWindowHours: 48,
      guardians: [{ id: owner.user.id, firstName: "Olivia", email: owner.email, role: "owner", approvalLimit: null }],
    });
    expect((await call("GET", "/api/family")).statusCode).toBe(401);
  });

  it.each([0, 169, 1.5, "48", null])("refuses an approval window of %s with a field message", async (value) => {
    const res = await call("PATCH", "/api/family", owner.cookie, { approvalWindowHours: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: "approvalWindowHours" });
  });

  it("sets the approval window, and a new waiting cart expires by it", async () => {
    const res = await call("PATCH", "/api/family", owner.cookie, { approvalWindowHours: 24 });
    expect(res.json().approvalWindowHours).toBe(24);
    const cart = await call("POST", `/api/children/${childId}/carts`, owner.cookie, {
      retailer: "Shop",
      items: [{ name: "Kite", price: "30.00", quantity: 1 }],
    });
    expect(cart.json().status).toBe("pending");
    const { createdAt, expiresAt } = cart.json();
    expect(new Date(expiresAt).getTime() - new Date(createdAt).getTime()).toBe(24 * 3600_000);
    await call("PATCH", "/api/family", owner.cookie, { approvalWindowHours: 48 });
  });
});

describe("inviting and joining", () => {
  it("invites by e-mail; the link shows who invited and the invitee joins with the same rights", async () => {
    const invitee = await signUpParent(t.app, { firstName: "Gabe" });
    const invited = await call("POST", "/api/family/guardians", owner.cookie, {
      email: invitee.email.toUpperCase(),
      approvalLimit: "20.00",
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: invitee.email, approvalLimit: "20.00" });
    const token = await invitationToken(invitee.email);

    const page = await call("GET", `/api/family/invitations/${token}`);
    expect(page.json()).toMatchObject({ invitedBy: "Olivia Parent", email: invitee.email, status: "open" });

    const joined = await call("POST", `/api/family/invitations/${token}/accept`, invitee.cookie);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().guardians).toEqual([
      expect.objectContaining({ id: owner.user.id, role: "owner" }),
      expect.objectContaining({ id: invitee.user.id, role: "guardian", approvalLimit: "20.00" }),
    ]);
    expect((await call("GET", "/api/children", invitee.cookie)).json().map((c: { id: string }) => c.id)).toEqual([
      childId,
    ]);
    expect((await call("GET", `/api/family/invitations/${token}`)).json().status).toBe("accepted");
  });

  it("refuses to invite someone already in the family (409) and a guardian's invitation (403)", async () => {
    const guardian = await inviteAndJoin();
    expect((await call("POST", "/api/family/guardians", owner.cookie, { email: guardian.email })).statusCode).toBe(409);
    const byGuardian = await call("POST", "/api/family/guardians", guardian.cookie, { email: "x@example.com" });
    expect(byGuardian.statusCode).toBe(403);
    expect(byGuardian.json().message).toBe("Only the family's owner can do this");
    expect((await call("POST", "/api/family/guardians", owner.cookie, { email: "not-an-email" })).statusCode).toBe(400);
  });

  it("a link works once, only for its address, and not after 7 days", async () => {
    const invitee = await signUpParent(t.app);
    const other = await signUpParent(t.app);
    await call("POST", "/api/family/guardians", owner.cookie, { email: invitee.email });
    const token = await invitationToken(invitee.email);
    const wrong = await call("POST", `/api/family/invitations/${token}/accept`, other.cookie);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain(invitee.email);
    expect((await call("POST", `/api/family/invitations/${token}/accept`, invitee.cookie)).statusCode).toBe(200);
    expect((await call("POST", `/api/family/invitations/${token}/accept`, other.cookie)).statusCode).toBe(410);

    const late = await signUpParent(t.app);
    await call("POST", "/api/family/guardians", owner.cookie, { email: late.email });
    const lateToken = await invitationToken(late.email);
    const [row] = await t.database.query<{ expires_at: Date; created_at: Date }>(
      "select expires_at, created_at from family_invitations where email = $1",
      [late.email],
    );
    expect(new Date(row?.expires_at as Date).getTime() - new Date(row?.created_at as Date).getTime()).toBe(
      7 * 24 * 3600_000,
    );
    // Seven days on, as the link sees it; the sessions of this test stay fresh.
    await t.database.query("update family_invitations set expires_at = $1 where email = $2", [
      new Date(t.clock.now().getTime() - 1000).toISOString(),
      late.email,
    ]);
    expect((await call("GET", `/api/family/invitations/${lateToken}`)).json().status).toBe("expired");
    expect((await call("POST", `/api/family/invitations/${lateToken}/accept`, late.cookie)).statusCode).toBe(410);
    expect((await call("GET", "/api/family/invitations/unknown-token")).statusCode).toBe(404);
  });

  it("a new invitation to the same address replaces the old link; a withdrawn one stops working", async () => {
    const invitee = await signUpParent(t.app);
    await call("POST", "/api/family/guardians", owner.cookie, { email: invitee.email });
    const first = await invitationToken(invitee.email);
    const again = await call("POST", "/api/family/guardians", owner.cookie, { email: invitee.email });
    const second = await invitationToken(invitee.email);
    expect(second).not.toBe(first);
    expect((await call("GET", `/api/family/invitations/${first}`)).statusCode).toBe(404);
    const withdrawn = await call("DELETE", `/api/family/invitations/${again.json().id}`, owner.cookie);
    expect(withdrawn.statusCode).toBe(204);
    expect((await call("POST", `/api/family/invitations/${second}/accept`, invitee.cookie)).statusCode).toBe(404);
  });

  it("an adult whose own family has a child cannot join another", async () => {
    const busy = await signUpParent(t.app);
    await addChild(t.app, busy.cookie, { name: "Own kid" });
    await call("POST", "/api/family/guardians", owner.cookie, { email: busy.email });
    const res = await call("POST", `/api/family/invitations/${await invitationToken(busy.email)}/accept`, busy.cookie);
    expect(res.statusCode).toBe(409);
    expect((await call("GET", "/api/family", busy.cookie)).json().id).toBe(busy.user.id);
  });
});

describe("what guardians may do", () => {
  it("a guardian decides, and the cart says who decided and when", async () => {
    const guardian = await inviteAndJoin();
    const cartId = await insertCart(t.database, childId, { total: "4.00" });
    const res = await call("PATCH", `/api/carts/${cartId}/status`, guardian.cookie, { status: "approved" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ decidedBy: { id: guardian.user.id, firstName: "Gabe" } });
    expect(res.json().decidedAt).toEqual(expect.any(String));
    const listed = (await call("GET", `/api/children/${childId}/carts`, owner.cookie)).json();
    expect(listed.find((c: { id: string }) => c.id === cartId).decidedBy).toEqual({
      id: guardian.user.id,
      firstName: "Gabe",
    });
  });

  it("an approval above the guardian's own limit is 403 naming it; the owner may approve it", async () => {
    const guardian = await inviteAndJoin({ approvalLimit: "5.00" });
    const cartId = await insertCart(t.database, childId, { total: "6.00" });
    const res = await call("PATCH", `/api/carts/${cartId}/status`, guardian.cookie, { status: "approved" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("$5.00");
    const byOwner = await call("PATCH", `/api/carts/${cartId}/status`, owner.cookie, { status: "approved" });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().decidedBy.id).toBe(owner.user.id);
  });

  it("the owner changes a guardian's limit; a guardian cannot", async () => {
    const guardian = await inviteAndJoin();
    const set = await call("PATCH", `/api/family/guardians/${guardian.user.id}`, owner.cookie, {
      approvalLimit: "12.50",
    });
    expect(set.json().guardians.find((g: { id: string }) => g.id === guardian.user.id).approvalLimit).toBe("12.50");
    const bySelf = await call("PATCH", `/api/family/guardians/${guardian.user.id}`, guardian.cookie, {
      approvalLimit: null,
    });
    expect(bySelf.statusCode).toBe(403);
    expect(
      (await call("PATCH", `/api/family/guardians/${stranger.user.id}`, owner.cookie, { approvalLimit: null }))
        .statusCode,
    ).toBe(404);
  });

  it("only the owner deletes a child or removes a guardian (403 for a guardian)", async () => {
    const guardian = await inviteAndJoin();
    const kid = await addChild(t.app, owner.cookie, { name: "Leo" });
    const del = await call("DELETE", `/api/children/${kid.id}`, guardian.cookie);
    expect(del.statusCode).toBe(403);
    expect((await call("GET", `/api/children/${kid.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/family/guardians/${owner.user.id}`, guardian.cookie)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/children/${kid.id}`, owner.cookie)).statusCode).toBe(204);
  });

  it("removing a guardian ends their access and sessions at once; they keep an account of their own", async () => {
    const guardian = await inviteAndJoin();
    expect((await call("GET", `/api/children/${childId}`, guardian.cookie)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/family/guardians/${guardian.user.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call("GET", `/api/children/${childId}`, guardian.cookie)).statusCode).toBe(401);
    const back = await call("POST", "/api/auth/login", undefined, {
      email: guardian.email,
      password: guardian.password,
    });
    const cookie = String(back.headers["set-cookie"]).split(";")[0] as string;
    expect((await call("GET", `/api/children/${childId}`, cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/family", cookie)).json()).toMatchObject({ id: guardian.user.id });
    expect((await call("DELETE", `/api/family/guardians/${guardian.user.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/family/guardians/${owner.user.id}`, owner.cookie)).statusCode).toBe(409);
  });

  it("another family's adult reaches none of it", async () => {
    expect((await call("GET", `/api/children/${childId}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/family/guardians/${owner.user.id}`, stranger.cookie)).statusCode).toBe(404);
    const kid = await signInChild(t.app, owner.cookie, childId);
    expect((await call("GET", "/api/family", kid)).statusCode).toBe(403);
  });
});
