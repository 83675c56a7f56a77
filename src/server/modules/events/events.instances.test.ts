import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { type Database, openDatabase } from "../../db/client";
import { type EventStreamClient, openEventStream, type StreamEvent } from "../../test-support/event-stream";
import {
  addChild,
  createTestDatabase,
  SLOW_START_MS,
  signInChild,
  signUpParent,
  testDatabaseKind,
} from "../../test-support/test-app";
import { LISTENER_NAME } from "./event-listener";

/**
 * docs/product-contract.md "Hearing at once": an event reaches the right sessions on every app instance
 * that shares the database. Two instances, each with its own pool and its own listening connection, on
 * one PostgreSQL database (PGlite is one process's alone). Delivery is asserted, not its speed; the
 * bench (bench/notify.ts) measures that.
 */
describe.skipIf(testDatabaseKind() !== "postgres")("live events across app instances", () => {
  let shared: Database;
  let second: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseB: string;
  const streams: EventStreamClient[] = [];

  // A short heartbeat, so that B finds a session ended through A while the test watches.
  const build = (database: Database) =>
    buildApp(
      {
        cookieSecure: false,
        appOrigin: null,
        oidc: null,
        clientDir: null,
        now: () => new Date(),
        liveEvents: { heartbeatMs: 200 },
      },
      database,
    );

  beforeAll(async () => {
    shared = await createTestDatabase();
    if (shared.connection.kind !== "postgres") throw new Error("PostgreSQL only");
    second = await openDatabase({ kind: "postgres", url: shared.connection.url });
    a = await build(shared);
    b = await build(second);
    await a.ready();
    baseB = await b.listen({ port: 0, host: "127.0.0.1" });
  }, SLOW_START_MS);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await a?.close();
    await b?.close();
    await second?.close();
    await shared?.close();
  }, SLOW_START_MS);

  async function openOnB(cookie: string) {
    const stream = await openEventStream(`${baseB}/api/events`, { cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  }

  async function submitOnA(cookie: string, childId: string, price = "20.00") {
    const res = await a.inject({
      method: "POST",
      url: `/api/children/${childId}/carts`,
      headers: { cookie },
      payload: { retailer: "Toy Shop", items: [{ name: "Kite", price, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  }

  const isCart = (type: string, cartId: string) => (e: StreamEvent) => e.event === type && e.data.cartId === cartId;

  it("a submission through one instance reaches a guardian's and the child's streams held on the other", async () => {
    const parent = await signUpParent(a);
    const child = await addChild(a, parent.cookie);
    const kid = await signInChild(a, parent.cookie, child.id);
    const guardian = await openOnB(parent.cookie);
    const own = await openOnB(kid);

    const cart = await submitOnA(kid, child.id);
    for (const stream of [guardian, own]) {
      const event = await stream.next(isCart("cart.submitted", cart.id));
      expect(event.data).toEqual({ cartId: cart.id, childId: child.id, status: "pending" });
    }
    const decided = await a.inject({
      method: "PATCH",
      url: `/api/carts/${cart.id}/status`,
      headers: { cookie: parent.cookie },
      payload: { status: "approved" },
    });
    expect(decided.statusCode).toBe(200);
    await own.next(isCart("cart.decided", cart.id));
  });

  it("a session signed out through one instance loses its streams on the other at that one's next heartbeat", async () => {
    const parent = await signUpParent(a);
    const stream = await openOnB(parent.cookie);
    expect(
      (await a.inject({ method: "POST", url: "/api/logout", headers: { cookie: parent.cookie } })).statusCode,
    ).toBe(204);
    await stream.ended;
  });

  it("an instance whose listening connection drops reconnects and sends what was committed meanwhile", async () => {
    const parent = await signUpParent(a);
    const child = await addChild(a, parent.cookie);
    const stream = await openOnB(parent.cookie);
    await shared.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [
      LISTENER_NAME,
    ]);
    // Committed at once, while both instances are still reconnecting (the first retry waits 100 ms).
    const during = await submitOnA(parent.cookie, child.id);
    await stream.next(isCart("cart.submitted", during.id));
    const after = await submitOnA(parent.cookie, child.id);
    await stream.next(isCart("cart.submitted", after.id));
    expect(stream.events.filter((e) => e.data.cartId === during.id)).toHaveLength(1);
  });
});
