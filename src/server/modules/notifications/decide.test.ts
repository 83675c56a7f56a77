import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../lib/tokens";
import { DECISION_LINK_MISSES_PER_ADDRESS } from "../../plugins/rate-limits";
import { readOutbox } from "../../test-support/outbox";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

/*
 * docs/product-contract.md "Deciding from anywhere" and decision 133: a link read changes nothing; a POST
 * decides as the link's guardian under every rule, once; a used, lapsed or unknown link answers 410 saying
 * who decided and when; an approval over budget answers 409 and leaves the link usable.
 */
let t: TestApp;
let outboxDir: string;
let owner: Awaited<ReturnType<typeof signUpParent>>;
let guardian: Awaited<ReturnType<typeof signUpParent>>;
let childId: string;

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload, remoteAddress: "10.20.0.1" });

async function joinFamily(firstName: string, fields: { approvalLimit?: string } = {}) {
  const adult = await signUpParent(t.app, { firstName });
  await call("POST", "/api/family/guardians", owner.cookie, { email: adult.email, ...fields });
  const [row] = await t.database.query<{ payload: { link: string } }>(
    "select payload from outbound_messages where type = 'guardian.invitation' and payload->>'email' = $1",
    [adult.email],
  );
  const token = row?.payload.link.split("/join/")[1];
  expect((await call("POST", `/api/family/invitations/${token}/accept`, adult.cookie)).statusCode).toBe(200);
  return adult;
}

beforeAll(async () => {
  outboxDir = mkdtempSync(path.join(os.tmpdir(), "pw-decide-test-"));
  t = await createTestApp({ mail: { smtpUrl: null, outboxDir, from: "Pocketwise <hello@pocketwise.test>" } });
  owner = await signUpParent(t.app, { firstName: "Olivia" });
  await setTier(t.database, owner.user.id, "family");
  guardian = await joinFamily("Gabe");
  childId = (await addChild(t.app, owner.cookie, { name: "Maya", monthlyBudget: "50.00", autoApprovalLimit: "5.00" }))
    .id;
}, SLOW_START_MS);

afterAll(async () => {
  await t?.close();
  rmSync(outboxDir, { recursive: true, force: true });
}, SLOW_START_MS);

interface Links {
  cartId: string;
  /** Each guardian's approve and decline tokens, read from their e-mail. */
  owner: { approve: string; decline: string };
  guardian: { approve: string; decline: string };
}

/** Submits a cart that waits, sends its e-mails and answers the links in them. */
async function waitingCart(price: string, retailer = `Shop ${Math.random().toString(36).slice(2, 7)}`): Promise<Links> {
  const res = await call("POST", `/api/children/${childId}/carts`, owner.cookie, {
    retailer,
    items: [{ name: "Thing", price, quantity: 1 }],
  });
  expect(res.json().status).toBe("pending");
  await t.app.notifications.runDue();
  const tokensOf = (email: string) => {
    const mail = readOutbox(outboxDir).find((m) => m.to === email && m.subject.endsWith(`at ${retailer}`));
    const token = (label: string) =>
      new RegExp(`${label}[^:]*: https?://[^/\\s]+/decide/([A-Za-z0-9_-]+)`).exec(mail?.body ?? "")?.[1] as string;
    return { approve: token("Approve"), decline: token("Decline") };
  };
  return { cartId: res.json().id, owner: tokensOf(owner.email), guardian: tokensOf(guardian.email) };
}

const cartRow = async (cartId: string) =>
  (
    await t.database.query<{ status: string; decided_by: string | null }>(
      "select status, decided_by from carts where id = $1",
      [cartId],
    )
  )[0];

describe("GET and HEAD /api/decide/{token}", () => {
  it("show the cart and what the link would do, and change nothing", async () => {
    const links = await waitingCart("12.50", "Book Nook");
    for (const method of ["GET", "HEAD"] as const) {
      const res = await t.app.inject({ method, url: `/api/decide/${links.owner.approve}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    const res = await call("GET", `/api/decide/${links.owner.approve}`);
    expect(res.json()).toMatchObject({
      decision: "approve",
      state: "open",
      message: null,
      childName: "Maya",
      retailer: "Book Nook",
      items: [{ name: "Thing", price: "12.50", quantity: 1 }],
      total: "12.50",
      budgetLeft: "50.00",
      reason: "it is over the $5.00 auto-approval limit",
      status: "pending",
      decidedBy: null,
      decidedAt: null,
    });
    expect(res.json().expiresAt).toEqual(expect.any(String));
    expect((await call("GET", `/api/decide/${links.guardian.decline}`)).json().decision).toBe("decline");
    expect(await cartRow(links.cartId)).toEqual({ status: "pending", decided_by: null });
    const used = await t.database.query("select 1 from decision_tokens where cart_id = $1 and used_at is not null", [
      links.cartId,
    ]);
    expect(used).toEqual([]);
  });

  it("answers 410 in plain words for a token it never issued", async () => {
    const res = await call("GET", "/api/decide/not-a-real-token");
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: expect.stringMatching(/^This link does not work/), state: "unknown" });
  });
});

describe("POST /api/decide/{token}", () => {
  it("approves as the link's guardian; the link then says who decided and when", async () => {
    const links = await waitingCart("12.50");
    const res = await call("POST", `/api/decide/${links.guardian.approve}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: links.cartId,
      status: "approved",
      decidedBy: { id: guardian.user.id, firstName: "Gabe" },
    });
    expect(await cartRow(links.cartId)).toEqual({ status: "approved", decided_by: guardian.user.id });

    const again = await call("POST", `/api/decide/${links.guardian.approve}`);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      state: "used",
      status: "approved",
      decidedBy: { firstName: "Gabe" },
      message: expect.stringMatching(
        /^You already approved this on [A-Z][a-z]{2} \d{1,2} at \d{1,2}:\d{2} [AP]M UTC\.$/,
      ),
    });
    const page = (await call("GET", `/api/decide/${links.guardian.approve}`)).json();
    expect(page).toMatchObject({ state: "used", decidedBy: { firstName: "Gabe" }, status: "approved" });
    expect(page.decidedAt).toEqual(again.json().decidedAt);

    // The other guardian's links lapse with the cart, and name who decided.
    const other = await call("POST", `/api/decide/${links.owner.decline}`);
    expect(other.statusCode).toBe(410);
    expect(other.json()).toMatchObject({
      state: "lapsed",
      message: expect.stringMatching(/^Gabe already approved this on /),
    });
    expect((await call("GET", `/api/decide/${links.owner.approve}`)).json().state).toBe("lapsed");
  });

  it("declines with the note the child will see", async () => {
    const links = await waitingCart("9.00");
    const res = await call("POST", `/api/decide/${links.owner.decline}`, undefined, {
      note: "Let's wait for your birthday",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "declined", decisionNote: "Let's wait for your birthday" });
  });

  it("a cart decided on the dashboard by the other guardian: 410 naming them", async () => {
    const links = await waitingCart("8.00");
    await call("PATCH", `/api/carts/${links.cartId}/status`, owner.cookie, { status: "declined" });
    const res = await call("POST", `/api/decide/${links.guardian.approve}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/^Olivia already declined this on /);
    expect(await cartRow(links.cartId)).toMatchObject({ status: "declined", decided_by: owner.user.id });
  });

  it("after the cart's expiry: 410, before and after the expiry sweep has declined it", async () => {
    const links = await waitingCart("7.00");
    t.clock.advance(48 * 3600_000 + 1000);
    try {
      const late = await call("POST", `/api/decide/${links.owner.approve}`);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toMatchObject({
        state: "lapsed",
        message: expect.stringMatching(/^This request expired on /),
      });
      expect((await cartRow(links.cartId))?.status).toBe("pending");

      await t.app.cartTimers.runDue();
      const swept = await call("POST", `/api/decide/${links.owner.approve}`);
      expect(swept.statusCode).toBe(410);
      expect(swept.json()).toMatchObject({
        state: "lapsed",
        decidedBy: null,
        message: expect.stringMatching(/^This request expired on .* before anyone decided, so it was declined\.$/),
      });
    } finally {
      t.clock.advance(-(48 * 3600_000 + 1000));
    }
  });

  it("a guardian no longer in the family: 410, as for an unknown link", async () => {
    const leaving = await joinFamily("Lee");
    const res = await call("POST", `/api/children/${childId}/carts`, owner.cookie, {
      retailer: "Leaving Shop",
      items: [{ name: "Thing", price: "6.00", quantity: 1 }],
    });
    await t.app.notifications.runDue();
    const mail = readOutbox(outboxDir).find((m) => m.to === leaving.email && m.subject.endsWith("at Leaving Shop"));
    const token = /Approve[^:]*: https?:\/\/[^/\s]+\/decide\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? "")?.[1];
    expect(token).toBeDefined();
    expect((await call("DELETE", `/api/family/guardians/${leaving.user.id}`, owner.cookie)).statusCode).toBe(204);
    for (const method of ["GET", "POST"] as const) {
      const gone = await call(method, `/api/decide/${token}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().state).toBe("unknown");
    }
    expect((await cartRow(res.json().id))?.status).toBe("pending");
  });

  it("a link for another total than the cart's: 410", async () => {
    const links = await waitingCart("6.50");
    await t.database.query("update decision_tokens set total = 1.00 where token_hash = $1", [
      sha256(links.owner.approve),
    ]);
    const res = await call("POST", `/api/decide/${links.owner.approve}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/has changed since the e-mail was sent/);
    expect((await cartRow(links.cartId))?.status).toBe("pending");
  });

  it("over budget: 409 offering to sign in, and the link stays usable", async () => {
    const links = await waitingCart("60.00");
    const res = await call("POST", `/api/decide/${links.owner.approve}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/over the monthly budget .*\. Sign in to approve it anyway\.$/);
    expect((await call("GET", `/api/decide/${links.owner.approve}`)).json().state).toBe("open");
    expect((await cartRow(links.cartId))?.status).toBe("pending");
    expect((await call("POST", `/api/decide/${links.owner.decline}`)).statusCode).toBe(200);
  });

  it("a guardian's own approval limit still holds: 403 naming it", async () => {
    const limited = await joinFamily("Kim", { approvalLimit: "5.00" });
    await call("POST", `/api/children/${childId}/carts`, owner.cookie, {
      retailer: "Limit Shop",
      items: [{ name: "Thing", price: "6.00", quantity: 1 }],
    });
    await t.app.notifications.runDue();
    const mail = readOutbox(outboxDir).find((m) => m.to === limited.email && m.subject.endsWith("at Limit Shop"));
    const token = /Approve[^:]*: https?:\/\/[^/\s]+\/decide\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? "")?.[1];
    const res = await call("POST", `/api/decide/${token}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("$5.00");
    await call("DELETE", `/api/family/guardians/${limited.user.id}`, owner.cookie);
  });

  it("two POSTs at once: one decides (200), the other is told it was decided (410)", async () => {
    for (const pair of [
      (l: Links) => [l.owner.approve, l.owner.approve],
      (l: Links) => [l.owner.approve, l.guardian.decline],
    ]) {
      const links = await waitingCart("11.00");
      const answers = await Promise.all(pair(links).map((token) => call("POST", `/api/decide/${token}`)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
      const decided = answers.find((a) => a.statusCode === 200)?.json();
      expect((await cartRow(links.cartId))?.status).toBe(decided.status);
    }
  });
});

describe("looking links up", () => {
  it("counts only links that do not work, per address", async () => {
    const links = await waitingCart("5.50");
    const from = (remoteAddress: string, token: string) =>
      t.app.inject({ method: "GET", url: `/api/decide/${token}`, remoteAddress });
    for (let i = 0; i < DECISION_LINK_MISSES_PER_ADDRESS; i++) {
      // A link the server issued never counts.
      expect((await from("10.30.0.1", links.owner.approve)).statusCode).toBe(200);
      expect((await from("10.30.0.1", `guess-${i}`)).statusCode).toBe(410);
    }
    const refused = await from("10.30.0.1", "one-more-guess");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many links that do not work .* Try again in \d+ minutes?\.$/);
    // Until the window ends that address looks nothing up; another address still does.
    expect((await from("10.30.0.1", links.owner.approve)).statusCode).toBe(429);
    expect((await from("10.30.0.2", links.owner.approve)).statusCode).toBe(200);
  });
});
