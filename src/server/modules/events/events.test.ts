import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventRecord } from "../../db/live-events";
import { sha256 } from "../../lib/tokens";
import { SESSION_COOKIE } from "../../plugins/session";
import { type EventStreamClient, openEventStream, type StreamEvent } from "../../test-support/event-stream";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";
import { listenForEvents } from "./event-listener";
import { publishEvent } from "./events";
import { MAX_STREAMS_PER_SESSION, RETRY_MS, TOO_MANY_STREAMS } from "./events.routes";

/**
 * docs/product-contract.md "Hearing at once" over real HTTP (a stream needs a socket), on PGlite and on
 * PostgreSQL. Absence is shown without waiting: NOTIFY delivers in commit order, so a stream that has
 * received an event committed later than another has had its chance to receive that other.
 */
let t: TestApp;
let base: string;
const streams: EventStreamClient[] = [];

beforeAll(async () => {
  // A short heartbeat, so that a stream whose session is gone ends while the test watches.
  t = await createTestApp({ liveEvents: { heartbeatMs: 200, declineDelayMs: 2_000 } });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
}, SLOW_START_MS);
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t?.close();
}, SLOW_START_MS);

async function open(cookie: string, headers: Record<string, string> = {}, query = "") {
  const stream = await openEventStream(`${base}/api/events${query}`, { cookie, ...headers });
  streams.push(stream);
  return stream;
}

async function family(childNames: string[] = ["Maya"]) {
  const parent = await signUpParent(t.app);
  // No plan limit on children or purchases gets in the way of what these tests look at.
  await setTier(t.database, parent.user.id, "premium");
  const children = [];
  for (const name of childNames) children.push(await addChild(t.app, parent.cookie, { name, age: 13 }));
  return { parent, children: children as { id: string }[] };
}

async function submit(cookie: string, childId: string, price = "20.00") {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/children/${childId}/carts`,
    headers: { cookie },
    payload: { retailer: "Toy Shop", items: [{ name: "Kite", price, quantity: 1 }] },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; status: string };
}

/** A bound on waiting for what should happen at once, so a broken build fails rather than hangs. */
const WAIT = { timeout: 10_000 };

const isCart = (type: string, cartId: string) => (e: StreamEvent) => e.event === type && e.data.cartId === cartId;

describe("GET /api/events", () => {
  it("answers 401 without a session", async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthorized" });
  });

  it("streams a guardian the family's carts as the child submits them and as they are decided", async () => {
    const { parent, children } = await family();
    const child = children[0]!;
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const stream = await open(parent.cookie);
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(stream.headers["cache-control"]).toBe("no-cache");
    expect(stream.headers["x-accel-buffering"]).toBe("no");

    const cart = await submit(kid, child.id);
    expect(cart.status).toBe("pending");
    const submitted = await stream.next(isCart("cart.submitted", cart.id));
    expect(submitted.data).toEqual({ cartId: cart.id, childId: child.id, status: "pending" });
    expect(Number(submitted.id)).toBeGreaterThan(0);
    expect(stream.retry).toBe(RETRY_MS);

    const decided = await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${cart.id}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "declined", note: "Not this week" },
    });
    expect(decided.statusCode).toBe(200);
    const event = await stream.next(isCart("cart.decided", cart.id));
    expect(event.data).toEqual({ cartId: cart.id, childId: child.id, status: "declined" });
    expect(Number(event.id)).toBeGreaterThan(Number(submitted.id));
  });

  it("streams a child's session only its own child's events", async () => {
    const { parent, children } = await family(["Maya", "Leo"]);
    const [maya, leo] = children as [{ id: string }, { id: string }];
    const kid = await signInChild(t.app, parent.cookie, maya.id);
    const stream = await open(kid);
    expect(stream.status).toBe(200);

    const leosCart = await submit(parent.cookie, leo.id);
    const mayasCart = await submit(kid, maya.id);
    await stream.next(isCart("cart.submitted", mayasCart.id));
    expect(stream.events.some((e) => e.data.childId === leo.id || e.data.cartId === leosCart.id)).toBe(false);

    // The child hears its own cart decided too.
    await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${mayasCart.id}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "approved" },
    });
    await stream.next(isCart("cart.decided", mayasCart.id));
  });

  it("tells the child of a guardian's decline only after the undo window, and never of one taken back", async () => {
    const { parent, children } = await family();
    const child = children[0]!;
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const childStream = await open(kid);
    const guardianStream = await open(parent.cookie);
    const decide = (cartId: string) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/carts/${cartId}/status`,
        headers: { cookie: parent.cookie },
        payload: { status: "declined" },
      });

    const undone = await submit(kid, child.id);
    await decide(undone.id);
    await guardianStream.next(isCart("cart.decided", undone.id));
    const back = await t.app.inject({
      method: "POST",
      url: `/api/carts/${undone.id}/undo-decline`,
      headers: { cookie: parent.cookie },
    });
    expect(back.statusCode).toBe(200);

    const kept = await submit(kid, child.id);
    await decide(kept.id);
    // The child hears the later cart's submission first: the decline waits for its window.
    const marker = await submit(kid, child.id);
    await childStream.next(isCart("cart.submitted", marker.id));
    expect(childStream.events.some(isCart("cart.decided", kept.id))).toBe(false);
    const heard = await childStream.next(isCart("cart.decided", kept.id));
    expect(heard.data.status).toBe("declined");
    // The decline taken back never reached the child: only its submission and its return to waiting.
    const undoneEvents = childStream.events.filter((e) => e.data.cartId === undone.id).map((e) => e.data.status);
    expect(undoneEvents).toEqual(["pending", "pending"]);
  });

  it("streams another family nothing of this one", async () => {
    const one = await family();
    const other = await family();
    const stream = await open(other.parent.cookie);
    const theirs = await submit(one.parent.cookie, one.children[0]!.id);
    const ours = await submit(other.parent.cookie, other.children[0]!.id);
    await stream.next(isCart("cart.submitted", ours.id));
    expect(stream.events.some((e) => e.data.cartId === theirs.id || e.data.childId === one.children[0]!.id)).toBe(
      false,
    );
  });

  it("announces the badges a write earns once, and a child's spending passing 75% and 90% of the budget", async () => {
    const { parent, children } = await family();
    const child = children[0]!;
    const stream = await open(parent.cookie);
    // The budget is 50.00 and carts up to 10.00 are approved at once: 10 + 10 + 10 + 8 = 38.00 (76%).
    const heard = [];
    for (const price of ["10.00", "10.00", "10.00", "8.00"]) {
      const cart = await submit(parent.cookie, child.id, price);
      expect(cart.status).toBe("approved");
      heard.push(await stream.next(isCart("cart.submitted", cart.id)));
    }
    const warning = await stream.next((e) => e.event === "budget.warning");
    expect(warning.data).toEqual({ childId: child.id, percent: 75 });
    // It came with the cart that passed 75%, not before.
    expect(stream.events.indexOf(warning)).toBeGreaterThan(stream.events.indexOf(heard[2]!));
    // Every cart's write offers "First Cart" and "Smart Spender"; each is announced when first earned only.
    const badges = stream.events.filter((e) => e.event === "badge.earned").map((e) => e.data);
    expect(badges).toEqual([
      { childId: child.id, type: "first_cart" },
      { childId: child.id, type: "smart_spender" },
    ]);

    // A 12.00 cart waits for a parent (over the auto-approval limit); approving it takes the month to
    // 50.00 (100%), past 90%.
    const big = await submit(parent.cookie, child.id, "12.00");
    expect(big.status).toBe("pending");
    await t.app.inject({
      method: "PATCH",
      url: `/api/carts/${big.id}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "approved" },
    });
    const decided = await stream.next(isCart("cart.decided", big.id));
    const second = await stream.next((e) => e.event === "budget.warning" && e.data.percent === 90);
    expect(second.data).toEqual({ childId: child.id, percent: 90 });
    expect(Number(second.id)).toBeGreaterThan(Number(warning.id));
    expect(stream.events.filter((e) => e.event === "budget.warning")).toHaveLength(2);
    expect(decided.data.status).toBe("approved");
  });

  it("announces changes of a child's settings and chores to the family and to the child", async () => {
    const { parent, children } = await family();
    const child = children[0]!;
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const guardian = await open(parent.cookie);
    const own = await open(kid);

    const saved = await t.app.inject({
      method: "PATCH",
      url: `/api/children/${child.id}`,
      headers: { cookie: parent.cookie },
      payload: { name: "Maya Rose" },
    });
    expect(saved.statusCode).toBe(200);
    for (const stream of [guardian, own]) {
      expect((await stream.next((e) => e.event === "child.updated")).data).toEqual({ childId: child.id });
    }

    const created = await t.app.inject({
      method: "POST",
      url: `/api/children/${child.id}/chores`,
      headers: { cookie: parent.cookie },
      payload: { title: "Water the plants", reward: "2.00" },
    });
    expect(created.statusCode).toBe(201);
    const choreId = created.json().id;
    const done = await t.app.inject({
      method: "POST",
      url: `/api/chores/${choreId}/complete`,
      headers: { cookie: kid },
    });
    expect(done.statusCode).toBe(200);
    for (const stream of [guardian, own]) {
      const isChore = (e: StreamEvent) => e.event === "chore.updated" && e.data.choreId === choreId;
      const first = await stream.next(isChore);
      expect(first.data).toEqual({ choreId, childId: child.id });
      await stream.next(isChore, stream.events.indexOf(first) + 1);
    }
  });

  it("tells the child at once when a guardian adds to the child's goal (a match)", async () => {
    const { parent, children } = await family();
    const child = children[0]!;
    const kid = await signInChild(t.app, parent.cookie, child.id);
    const made = await t.app.inject({
      method: "POST",
      url: `/api/children/${child.id}/goals`,
      headers: { cookie: kid },
      payload: { name: "Bike", target: "120.00" },
    });
    expect(made.statusCode).toBe(201);
    const goalId = made.json().id;
    const own = await open(kid);
    const matched = await t.app.inject({
      method: "POST",
      url: `/api/goals/${goalId}/contributions`,
      headers: { cookie: parent.cookie },
      payload: { amount: "10.00", source: "match" },
    });
    expect(matched.statusCode).toBe(200);
    const heard = await own.next((e) => e.event === "goal.updated" && e.data.goalId === goalId);
    expect(heard.data).toEqual({ childId: child.id, goalId });
  });

  it("replays what a stream missed after its Last-Event-ID, or ?lastEventId= when it cannot send headers", async () => {
    const { parent, children } = await family(["Maya", "Leo"]);
    const [maya, leo] = children as [{ id: string }, { id: string }];
    const first = await open(parent.cookie);
    const seen = await submit(parent.cookie, maya.id);
    const last = await first.next(isCart("cart.submitted", seen.id));
    first.close();

    const missed = [await submit(parent.cookie, maya.id), await submit(parent.cookie, leo.id)];
    const again = await open(parent.cookie, { "last-event-id": String(last.id) });
    await again.next(isCart("cart.submitted", missed[1]!.id));
    const replayed = again.events.filter((e) => e.event === "cart.submitted").map((e) => e.data.cartId);
    expect(replayed).toEqual(missed.map((c) => c.id));

    const byQuery = await open(parent.cookie, {}, `?lastEventId=${last.id}`);
    await byQuery.next(isCart("cart.submitted", missed[1]!.id));
    expect(byQuery.events.filter((e) => e.event === "cart.submitted").map((e) => e.data.cartId)).toEqual(replayed);

    // A child's replay holds only its own child's events.
    const kid = await signInChild(t.app, parent.cookie, maya.id);
    const child = await open(kid, { "last-event-id": String(last.id) });
    await child.next(isCart("cart.submitted", missed[0]!.id));
    const marker = await submit(kid, maya.id);
    await child.next(isCart("cart.submitted", marker.id));
    expect(child.events.some((e) => e.data.childId === leo.id)).toBe(false);

    // Without an id the stream starts with what happens next; a stranger's id is no key to anything.
    const fresh = await open(parent.cookie, { "last-event-id": "not-an-id" });
    const next = await submit(parent.cookie, maya.id);
    await fresh.next(isCart("cart.submitted", next.id));
    expect(fresh.events).toHaveLength(1);
  });

  it(`refuses a session's stream beyond ${MAX_STREAMS_PER_SESSION} with 429, and takes one again once another ends`, async () => {
    const { parent } = await family();
    const open6 = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) open6.push(await open(parent.cookie));
    expect(open6.every((s) => s.status === 200)).toBe(true);
    const refused = await open(parent.cookie);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TOO_MANY_STREAMS });

    // Another session of the same parent has streams of its own.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: parent.email, password: parent.password },
    });
    const elsewhere = await open(String(other.headers["set-cookie"]).split(";")[0]!);
    expect(elsewhere.status).toBe(200);

    open6[0]!.close();
    const token = parent.cookie.split("; ").find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    const sid = sha256(token?.slice(SESSION_COOKIE.length + 1) ?? "");
    await expect.poll(() => t.app.liveEvents.openFor(sid), WAIT).toBe(MAX_STREAMS_PER_SESSION - 1);
    expect((await open(parent.cookie)).status).toBe(200);
  });

  it("ends a session's streams when it signs out, and a child's when its session ends", async () => {
    const { parent, children } = await family();
    const kid = await signInChild(t.app, parent.cookie, children[0]!.id);
    const stream = await open(parent.cookie);
    const childStream = await open(kid);
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: parent.cookie } });
    expect(out.statusCode).toBe(204);
    await stream.ended;
    expect((await open(parent.cookie)).status).toBe(401);

    // A session deleted by another instance (or by a parent ending a device) is found at a heartbeat.
    await t.database.query("delete from sessions where sess->>'childId' = $1", [children[0]!.id]);
    await childStream.ended;
  });

  it("streams the extension's bearer token as its child's session, and ends it when the parent removes the device", async () => {
    const { parent, children } = await family(["Maya"]);
    const maya = children[0]!;
    const created = await t.app.inject({
      method: "POST",
      url: `/api/children/${maya.id}/login-code`,
      headers: { cookie: parent.cookie },
    });
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/kid/login",
      payload: { code: created.json().code, device: "extension", deviceName: "Laptop" },
    });
    const { token } = signedIn.json();
    const stream = await open("", { authorization: `Bearer ${token}` });
    expect(stream.status).toBe(200);
    const cart = await submit(parent.cookie, maya.id);
    await stream.next(isCart("cart.submitted", cart.id));

    const [device] = (
      await t.app.inject({ method: "GET", url: `/api/children/${maya.id}/devices`, headers: { cookie: parent.cookie } })
    ).json();
    await t.app.inject({
      method: "DELETE",
      url: `/api/children/${maya.id}/devices/${device.id}`,
      headers: { cookie: parent.cookie },
    });
    await stream.ended;
  });

  it("ends a guardian's streams once they are no longer in the family", async () => {
    const { parent } = await family();
    const stream = await open(parent.cookie);
    await t.database.query("delete from family_guardians where user_id = $1", [parent.user.id]);
    await stream.ended;
  });
});

describe("event delivery", () => {
  it("announces an event when its transaction commits, and never one rolled back", async () => {
    const { parent, children } = await family();
    const child = children[0]!;
    const heard: EventRecord[] = [];
    const listener = await listenForEvents(t.database, {
      onEvent: (event) => heard.push(event),
      onResumed: () => {},
      log: t.app.log,
    });
    const event = (choreId: string) =>
      ({
        type: "chore.updated",
        familyId: parent.user.id,
        childId: child.id,
        data: { choreId, childId: child.id },
      }) as const;
    const ours = (e: EventRecord) => e.familyId === parent.user.id;
    try {
      await t.app.database.db.transaction(async (tx) => {
        await publishEvent(tx, event("committed"));
        await tx.execute(sql`select 1`);
        expect(heard.filter(ours)).toEqual([]);
      });
      await expect.poll(() => heard.filter(ours).map((e) => e.data.choreId), WAIT).toEqual(["committed"]);

      await t.app.database.db
        .transaction(async (tx) => {
          await publishEvent(tx, event("rolled back"));
          throw new Error("roll back");
        })
        .catch(() => {});
      await publishEvent(t.app.database.db, event("marker"));
      await expect.poll(() => heard.filter(ours).map((e) => e.data.choreId), WAIT).toEqual(["committed", "marker"]);
    } finally {
      await listener.close();
    }
  });

  it("ends every stream when the app closes, so closing never waits on them", async () => {
    const other = await createTestApp();
    try {
      const otherBase = await other.app.listen({ port: 0, host: "127.0.0.1" });
      const parent = await signUpParent(other.app);
      const stream = await openEventStream(`${otherBase}/api/events`, { cookie: parent.cookie });
      expect(stream.status).toBe(200);
      await other.app.close();
      await stream.ended;
    } finally {
      await other.database.close();
    }
  });
});
