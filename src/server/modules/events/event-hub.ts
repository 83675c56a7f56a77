import { PassThrough } from "node:stream";
import { UNDO_DECLINE_MS } from "../../../shared/rules/approval-window";
import type { EventRecord } from "../../db/live-events";

/**
 * Whose events a stream hears (docs/product-contract.md "Hearing at once"): a guardian hears the whole
 * family's, a child's session only the events about that child.
 */
export type Audience = { kind: "family"; familyId: string } | { kind: "child"; familyId: string; childId: string };

/**
 * A stream that falls this far behind its reader is ended rather than buffered without bound; the
 * browser reconnects with its Last-Event-ID and the replay sends what it missed.
 */
const MAX_BUFFERED_BYTES = 256 * 1024;
/**
 * Ids a stream remembers having sent, so that an event a replay and a notification both bring is sent
 * once. Replays reach back seconds, not thousands of events.
 */
const REMEMBERED_IDS = 256;

/** One open `GET /api/events` answer: the SSE body and who it is for. */
export class LiveStream {
  /** The body Fastify sends; ending it ends the answer. */
  readonly body = new PassThrough();
  private readonly sent = new Set<number>();
  /** Events that arrive while the stream's replay is read, written after it; null once it is written. */
  private held: EventRecord[] | null = [];

  constructor(
    /** The session behind it: a session's streams end with it. */
    readonly sid: string,
    readonly audience: Audience,
    retryMs: number,
  ) {
    // The browser waits this long before reconnecting, and the first bytes send the headers at once.
    this.push(`retry: ${retryMs}\n\n`);
  }

  get closed() {
    return this.body.writableEnded || this.body.destroyed;
  }

  /** Sends the event, or holds it until the replay is written. */
  send(event: EventRecord) {
    if (this.held) this.held.push(event);
    else this.write(event);
  }

  /** Writes the replay (rows after the client's Last-Event-ID), then what arrived meanwhile, in id order. */
  replayed(rows: EventRecord[]) {
    const held = this.held ?? [];
    this.held = null;
    for (const event of [...rows, ...held].sort((a, b) => a.id - b.id)) this.write(event);
  }

  /** A comment line: proxies see traffic and a dead connection shows itself on the write. */
  ping() {
    this.push(": heartbeat\n\n");
  }

  close() {
    if (!this.closed) this.body.end();
  }

  private write(event: EventRecord) {
    if (this.sent.has(event.id)) return;
    this.sent.add(event.id);
    if (this.sent.size > REMEMBERED_IDS) this.sent.delete(this.sent.values().next().value as number);
    // JSON.stringify never writes a line break, which would end an SSE data line.
    this.push(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
  }

  private push(chunk: string) {
    if (this.closed) return;
    this.body.write(chunk);
    if (this.body.writableLength > MAX_BUFFERED_BYTES) this.close();
  }
}

/** The open streams of this app instance, found by the family, the child and the session they belong to. */
export class EventHub {
  private readonly byFamily = new Map<string, Set<LiveStream>>();
  private readonly byChild = new Map<string, Set<LiveStream>>();
  private readonly bySession = new Map<string, Set<LiveStream>>();

  /** Declines waiting for their window to pass before the child hears them: cart id -> event id. */
  private readonly waitingDeclines = new Map<string, number>();

  /** `declineDelayMs`: how long a decline waits before the child hears it (tests shorten it). */
  constructor(private readonly declineDelayMs = UNDO_DECLINE_MS) {}

  add(stream: LiveStream) {
    const { audience } = stream;
    if (audience.kind === "family") addTo(this.byFamily, audience.familyId, stream);
    else addTo(this.byChild, audience.childId, stream);
    addTo(this.bySession, stream.sid, stream);
  }

  remove(stream: LiveStream) {
    const { audience } = stream;
    if (audience.kind === "family") removeFrom(this.byFamily, audience.familyId, stream);
    else removeFrom(this.byChild, audience.childId, stream);
    removeFrom(this.bySession, stream.sid, stream);
  }

  /** How many streams the session holds open here. */
  openFor(sid: string) {
    return this.bySession.get(sid)?.size ?? 0;
  }

  /** Every open stream, as a list that stays valid while streams close. */
  all(): LiveStream[] {
    return [...this.bySession.values()].flatMap((streams) => [...streams]);
  }

  /** The families and children whose events some stream here waits for. */
  audiences() {
    return { familyIds: [...this.byFamily.keys()], childIds: [...this.byChild.keys()] };
  }

  /**
   * Sends the event to every stream that may hear it. A guardian's decline reaches the child's own
   * screens only once the guardian can no longer undo it (docs/decisions/135): a decline taken back
   * within the window never shows there, and afterwards the child's screen refetches what is true then.
   */
  dispatch(event: EventRecord) {
    for (const stream of this.byFamily.get(event.familyId) ?? []) stream.send(event);
    if (!event.childId) return;
    const cartId = (event.data as { cartId?: string }).cartId;
    // A later event of the cart (the undo) supersedes a decline still waiting: the child never hears it.
    if (cartId && (this.waitingDeclines.get(cartId) ?? Number.POSITIVE_INFINITY) < event.id) {
      this.waitingDeclines.delete(cartId);
    }
    const children = [...(this.byChild.get(event.childId) ?? [])];
    if (!cartId || !isDecline(event)) {
      for (const stream of children) stream.send(event);
      return;
    }
    this.waitingDeclines.set(cartId, event.id);
    const timer = setTimeout(() => {
      if (this.waitingDeclines.get(cartId) !== event.id) return;
      this.waitingDeclines.delete(cartId);
      for (const stream of children) if (!stream.closed) stream.send(event);
    }, this.declineDelayMs);
    timer.unref();
  }

  closeSession(sid: string) {
    for (const stream of [...(this.bySession.get(sid) ?? [])]) stream.close();
  }

  closeAll() {
    for (const stream of this.all()) stream.close();
  }
}

function addTo(map: Map<string, Set<LiveStream>>, key: string, stream: LiveStream) {
  const set = map.get(key) ?? new Set<LiveStream>();
  set.add(stream);
  map.set(key, set);
}

function removeFrom(map: Map<string, Set<LiveStream>>, key: string, stream: LiveStream) {
  const set = map.get(key);
  if (!set) return;
  set.delete(stream);
  if (!set.size) map.delete(key);
}

const isDecline = (event: EventRecord) =>
  event.type === "cart.decided" && (event.data as { status?: string }).status === "declined";
