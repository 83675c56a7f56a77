import { get, type IncomingHttpHeaders, type IncomingMessage } from "node:http";

/** One event as a `GET /api/events` stream sent it. */
export interface StreamEvent {
  id: string | null;
  event: string;
  data: Record<string, unknown>;
}

/**
 * A client of `GET /api/events` over a real socket (SSE needs one; `inject` answers only once a reply
 * ends). It parses the stream as EventSource does and keeps every event, so a test can wait for one and
 * then look at everything that came before it.
 */
export interface EventStreamClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** Everything received so far, in order, heartbeat comments left out. */
  events: StreamEvent[];
  /** The `retry:` hint, once received. */
  retry: number | null;
  /** The JSON answer of a refused stream. */
  body: unknown;
  /** Resolves with the first event (at or after `from`) that `match` accepts. */
  next(match?: (event: StreamEvent) => boolean, from?: number): Promise<StreamEvent>;
  /** Resolves when the stream ends, however it ends. */
  ended: Promise<void>;
  /** Closes the connection, as a closed tab does. */
  close(): void;
}

/** How long a test waits for something that should come at once, before failing instead of hanging. */
const WAIT_MS = 10_000;

/**
 * node:http rather than fetch: fetch keeps its sockets in a pool, and one it aborted is replaced by idle
 * connections that hold a closing server open for seconds. Each stream here has a connection of its own.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    get(url, { headers, agent: false }, resolve).on("error", reject);
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const client: EventStreamClient = {
    status: res.statusCode ?? 0,
    headers: res.headers,
    events,
    retry: null,
    body: null,
    ended: new Promise((resolve) => res.once("close", resolve)),
    next(match = () => true, from = 0) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${WAIT_MS} ms; got ${JSON.stringify(events)}`));
        }, WAIT_MS);
        const check = () => {
          const found = events.slice(from).find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => res.destroy(),
  };
  res.setEncoding("utf8");
  // A cut connection ends the stream as surely as a clean end does.
  res.on("error", () => {});
  if (client.status !== 200) {
    let text = "";
    for await (const chunk of res) text += chunk;
    client.body = JSON.parse(text);
    return client;
  }
  let buffer = "";
  res.on("data", (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      parseBlock(buffer.slice(0, end), client);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
    }
    for (const waiter of waiters) waiter();
  });
  return client;
}

function parseBlock(block: string, client: EventStreamClient) {
  let id: string | null = null;
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "id") id = value;
    else if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "retry") client.retry = Number(value);
  }
  if (data.length) client.events.push({ id, event, data: JSON.parse(data.join("\n")) });
}
