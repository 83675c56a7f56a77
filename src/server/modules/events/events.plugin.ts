import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { repeatWhileOpen } from "../../lib/repeat-while-open";
import { EventHub } from "./event-hub";
import { listenForEvents } from "./event-listener";
import { eventsSince, pruneEvents, standingSessions } from "./events.repository";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's open event streams (docs/decisions/131). */
    liveEvents: EventHub;
  }
}

export interface LiveEventsOptions {
  /** How often streams get a heartbeat and their sessions are checked; tests shorten it. */
  heartbeatMs?: number;
  /** How long a guardian's decline waits before the child's streams hear it; the undo window unless a test shortens it. */
  declineDelayMs?: number;
}

/** A comment every 15 s keeps proxies and load balancers, which drop idle connections, from ending a stream. */
export const HEARTBEAT_MS = 15_000;
const PRUNE_EVERY_MS = 5 * 60_000;

/**
 * docs/product-contract.md "Hearing at once": each instance listens once on the events channel and hands
 * each event to the streams open here that may hear it. Events come from the database, never from this
 * process's own writes, so an event reaches every instance the same way, and only once it committed.
 */
export default fp(
  async function liveEventsPlugin(app: FastifyInstance, opts: LiveEventsOptions) {
    const { db } = app.database;
    const hub = new EventHub(opts.declineDelayMs);
    const listener = await listenForEvents(app.database, {
      onEvent: (event) => hub.dispatch(event),
      // What was committed while the connection was down, for the streams open now; a stream skips
      // whatever it has sent already.
      onResumed: (since) => {
        eventsSince(db, since, hub.audiences())
          .then((rows) => {
            for (const event of rows) hub.dispatch(event);
          })
          .catch((err) => app.log.warn({ err }, "could not replay events after reconnecting"));
      },
      log: app.log,
    });
    app.decorate("liveEvents", hub);

    /*
     * A request that ends or replaces its session (signing out, signing in again) ends that session's
     * streams on this instance as it answers; other instances end theirs at their next heartbeat.
     */
    const sessionAtStart = new WeakMap<FastifyRequest, string>();
    app.addHook("onRequest", async (req) => {
      if (req.sessionSid && hub.openFor(req.sessionSid)) sessionAtStart.set(req, req.sessionSid);
    });
    app.addHook("onResponse", async (req) => {
      const sid = sessionAtStart.get(req);
      if (sid && sid !== req.sessionSid) hub.closeSession(sid);
    });

    /*
     * Each heartbeat also checks, in one query for all the streams here, that each stream's session
     * still stands (it may have expired, signed out elsewhere, or its guardian been removed from the
     * family), and that the events connection still answers.
     */
    repeatWhileOpen(app, opts.heartbeatMs ?? HEARTBEAT_MS, async () => {
      const open = hub.all();
      for (const stream of open) stream.ping();
      await listener.check();
      if (!open.length) return;
      const streams = open.map((s) => ({ sid: s.sid, familyId: s.audience.familyId }));
      const standing = await standingSessions(db, streams, app.now());
      for (const stream of open) if (!standing.has(stream.sid)) stream.close();
    });
    repeatWhileOpen(app, PRUNE_EVERY_MS, () => pruneEvents(db));

    // Open streams would hold the server's close until they end: they end first, and browsers reconnect
    // (to another instance, or to this one once it is back) with their Last-Event-ID.
    app.addHook("preClose", async () => hub.closeAll());
    app.addHook("onClose", async () => listener.close());
  },
  { name: "live-events" },
);
