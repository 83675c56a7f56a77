import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorSchema } from "../../../shared/schemas/common";
import { HttpError, unauthorized } from "../../lib/http-errors";
import { familyOf, requireActor } from "../../plugins/auth";
import { type Audience, LiveStream } from "./event-hub";
import { eventsAfter } from "./events.repository";

/**
 * Streams one session may hold open on an instance. A browser holds one per tab, and over HTTP/1.1 it
 * opens at most six connections to a site, so a seventh stream means tabs left behind or a client in a
 * loop. It is refused (429) rather than closing the oldest: two tabs would then close each other's
 * streams at every reconnection, for ever (docs/decisions/131).
 */
export const MAX_STREAMS_PER_SESSION = 6;
export const TOO_MANY_STREAMS = "Too many live updates are open for this sign-in. Close a tab and reload this one.";
/** How long a browser waits before reconnecting a stream that ended. */
export const RETRY_MS = 3_000;

const QuerySchema = z.object({
  /** For a client that cannot send headers when it opens a stream (a new EventSource); the header wins. */
  lastEventId: z.string().max(40).optional(),
});

/** The id after which to replay: Last-Event-ID, or `?lastEventId=`; null (no replay) when absent or not ours. */
function lastEventId(req: FastifyRequest, query: string | undefined): number | null {
  const header = req.headers["last-event-id"];
  const value = (Array.isArray(header) ? header[0] : header) ?? query;
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

export default async function eventsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    "/api/events",
    {
      config: { access: "child" },
      schema: {
        tags: ["events"],
        summary:
          "Server-Sent Events: a guardian hears the family's events, a child's session its own; Last-Event-ID replays the last hour",
        querystring: QuerySchema,
        // The stream is sent as it is written, never through a serializer.
        response: { 200: z.unknown().describe("text/event-stream"), 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      const sid = req.sessionSid;
      if (!sid) throw unauthorized();
      const hub = app.liveEvents;
      if (hub.openFor(sid) >= MAX_STREAMS_PER_SESSION) throw new HttpError(429, TOO_MANY_STREAMS);
      const familyId = familyOf(actor);
      const audience: Audience =
        actor.kind === "child" ? { kind: "child", familyId, childId: actor.childId } : { kind: "family", familyId };

      // Listening starts before the replay is read, so nothing committed in between is missed; the
      // stream holds what arrives meanwhile and sends each id once.
      const stream = new LiveStream(sid, audience, RETRY_MS);
      hub.add(stream);
      const forget = () => {
        hub.remove(stream);
        stream.body.destroy();
      };
      reply.raw.once("close", forget);
      // A stream ends when the server ends it (sign-out, shutdown): its connection closes with it rather
      // than idling in keep-alive, which would hold a closing server open for the keep-alive timeout.
      reply.raw.shouldKeepAlive = false;
      try {
        const after = lastEventId(req, req.query.lastEventId);
        stream.replayed(after === null ? [] : await eventsAfter(db, audience, after));
      } catch (err) {
        forget();
        throw err;
      }
      return reply
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-cache")
        .header("x-accel-buffering", "no")
        .send(stream.body);
    },
  );
}
