import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

/*
 * docs/product-contract.md "Deciding from anywhere": a waiting cart's guardians are reminded half-way
 * through the family's window, and at its end the cart expires, declined by no one. Time is the test's
 * clock; the sweeps are run by hand, as the worker runs them every few seconds.
 */
const HOUR = 3600_000;
let t: TestApp;
let parent: Awaited<ReturnType<typeof signUpParent>>;
let childId: string;

beforeAll(async () => {
  t = await createTestApp();
  parent = await signUpParent(t.app);
  childId = (await addChild(t.app, parent.cookie, { monthlyBudget: "50.00", autoApprovalLimit: "1.00" })).id;
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

/** A fresh session: the test's clock moves days at a time, past any idle session. */
async function signIn(app: FastifyInstance = t.app) {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: parent.email, password: parent.password },
  });
  return String(res.headers["set-cookie"]).split(";")[0] as string;
}

async function askFor(app: FastifyInstance, cookie: string, name = "Kite") {
  const res = await app.inject({
    method: "POST",
    url: `/api/children/${childId}/carts`,
    headers: { cookie },
    payload: { retailer: "Toy Shop", items: [{ name, price: "8.00", quantity: 1 }] },
  });
  expect(res.json().status).toBe("pending");
  return res.json() as { id: string; expiresAt: string; createdAt: string };
}

const messages = (cartId: string, type: string) =>
  t.database.query("select 1 from outbound_messages where type = $1 and payload->>'cartId' = $2", [type, cartId]);
const cartRow = async (cartId: string) =>
  (await t.database.query<Record<string, unknown>>("select * from carts where id = $1", [cartId]))[0];

describe("reminders and expiry", () => {
  it("reminds once at half the window, then expires the cart once at its end", async () => {
    const cart = await askFor(t.app, parent.cookie);
    expect(new Date(cart.expiresAt).getTime() - new Date(cart.createdAt).getTime()).toBe(48 * HOUR);

    t.clock.advance(24 * HOUR - 1000);
    await t.app.cartTimers.runDue();
    expect(await messages(cart.id, "cart.reminder")).toHaveLength(0);
    t.clock.advance(1000);
    await t.app.cartTimers.runDue();
    await t.app.cartTimers.runDue();
    expect(await messages(cart.id, "cart.reminder")).toHaveLength(1);

    t.clock.advance(24 * HOUR - 1000);
    await t.app.cartTimers.runDue();
    expect((await cartRow(cart.id))?.status).toBe("pending");
    t.clock.advance(1000);
    await t.app.cartTimers.runDue();
    await t.app.cartTimers.runDue();
    expect(await messages(cart.id, "cart.expired")).toHaveLength(1);

    const cookie = await signIn();
    const kid = await signInChild(t.app, cookie, childId);
    const seen = (await t.app.inject({ url: `/api/children/${childId}/carts`, headers: { cookie: kid } }))
      .json()
      .find((c: { id: string }) => c.id === cart.id);
    expect(seen).toMatchObject({
      status: "declined",
      decidedBy: null,
      decisionNote: "Expired: no one decided in time",
    });
    expect(seen.decidedAt).toBe(t.clock.now().toISOString());
    const late = await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${cart.id}/status`,
      headers: { cookie },
      payload: { status: "approved" },
    });
    expect(late.statusCode).toBe(409);
  });

  it("a decided cart is neither reminded nor expired", async () => {
    const cookie = await signIn();
    const cart = await askFor(t.app, cookie);
    await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${cart.id}/status`,
      headers: { cookie },
      payload: { status: "approved" },
    });
    t.clock.advance(49 * HOUR);
    await t.app.cartTimers.runDue();
    expect(await messages(cart.id, "cart.reminder")).toHaveLength(0);
    expect((await cartRow(cart.id))?.status).toBe("approved");
  });

  it("what falls due while the app is down is done by the next start, once", async () => {
    const cart = await askFor(t.app, await signIn(), "Puzzle");
    await t.app.close();
    t.clock.advance(49 * HOUR);
    const restarted = await buildApp(
      { cookieSecure: false, appOrigin: null, oidc: null, clientDir: null, now: t.clock.now, trustProxy: true },
      t.database,
    );
    try {
      await restarted.ready();
      const first = await restarted.cartTimers.runDue();
      expect(first.expired).toBeGreaterThanOrEqual(1);
      await restarted.cartTimers.runDue();
      // Its reminder time passed while the app was down too: a reminder after the expiry helps no one.
      expect(await messages(cart.id, "cart.reminder")).toHaveLength(0);
      expect(await messages(cart.id, "cart.expired")).toHaveLength(1);
      expect((await cartRow(cart.id))?.status).toBe("declined");
    } finally {
      await restarted.close();
    }
  });

  it("two sweeps at once expire each cart once", async () => {
    const fresh = await createTestApp();
    try {
      const owner = await signUpParent(fresh.app);
      const kid = (await addChild(fresh.app, owner.cookie, { autoApprovalLimit: "1.00" })).id;
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await fresh.app.inject({
          method: "POST",
          url: `/api/children/${kid}/carts`,
          headers: { cookie: owner.cookie },
          payload: { retailer: "Shop", items: [{ name: `Thing ${i}`, price: "3.00", quantity: 1 }] },
        });
        ids.push(res.json().id);
      }
      fresh.clock.advance(25 * HOUR);
      const other = await buildApp(
        { cookieSecure: false, appOrigin: null, oidc: null, clientDir: null, now: fresh.clock.now, trustProxy: true },
        fresh.database,
      );
      await other.ready();
      try {
        const [a, b] = await Promise.all([fresh.app.cartTimers.runDue(), other.cartTimers.runDue()]);
        expect(a.reminded + b.reminded).toBe(12);
        fresh.clock.advance(24 * HOUR);
        const [c, d] = await Promise.all([fresh.app.cartTimers.runDue(), other.cartTimers.runDue()]);
        expect(c.expired + d.expired).toBe(12);
      } finally {
        await other.close();
      }
      const counts = await fresh.database.query<{ type: string; n: number }>(
        "select type, count(*)::int as n from outbound_messages where type in ('cart.expired', 'cart.reminder') group by type order by type",
      );
      expect(counts).toEqual([
        { type: "cart.expired", n: 12 },
        { type: "cart.reminder", n: 12 },
      ]);
    } finally {
      await fresh.close();
    }
  });
});
