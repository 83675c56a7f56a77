import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Database } from "../../db/client";
import { EVENTS_CHANNEL, type EventRecord, parseEventPayload } from "../../db/live-events";

/** This instance's one subscription to the events channel. */
export interface EventListener {
  /** Checks the connection and reconnects if it is gone (a dropped connection may stay silent). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface ListenerOptions {
  onEvent(event: EventRecord): void;
  /**
   * Called once listening again after a lost connection, with a moment (the database's clock) before
   * anything that may have been committed unheard.
   */
  onResumed(since: Date): void;
  log: FastifyBaseLogger;
}

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = "pocketwise-events";
/** Reconnection waits double from the first to the last, so a database that is down is not hammered. */
const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 10_000;
/**
 * A row's created_at is its transaction's start, so a transaction that began before the connection was
 * last known good may commit after it dropped; the replay reaches this far further back.
 */
const REPLAY_MARGIN_MS = 60_000;

/**
 * PostgreSQL: a dedicated client, not one of the pool's (a pooled connection would be handed to queries
 * and its LISTEN lost with it), reconnected with backoff. PGlite: the embedded database's own listen(),
 * which has no connection to lose.
 */
export function listenForEvents(database: Database, options: ListenerOptions): Promise<EventListener> {
  const { connection } = database;
  if (connection.kind === "pglite") return listenOnPglite(connection.client, options);
  return new PostgresListener(connection.url, options).start();
}

async function listenOnPglite(
  client: Extract<Database["connection"], { kind: "pglite" }>["client"],
  options: ListenerOptions,
): Promise<EventListener> {
  const unlisten = await client.listen(EVENTS_CHANNEL, (payload) => deliver(payload, options));
  return {
    async check() {},
    close: () => unlisten(),
  };
}

function deliver(payload: string | undefined, options: ListenerOptions) {
  const event = payload ? parseEventPayload(payload) : null;
  if (event) options.onEvent(event);
  else options.log.warn({ payload }, "unreadable event notification");
}

class PostgresListener implements EventListener {
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  /** The database's clock when the connection was last seen working. */
  private goodAt: Date | null = null;

  constructor(
    private readonly url: string,
    private readonly options: ListenerOptions,
  ) {}

  /** The first connection must work: an instance that cannot hear events should not start. */
  async start(): Promise<EventListener> {
    await this.connect();
    return this;
  }

  async check() {
    const client = this.client;
    if (!client) return;
    try {
      this.goodAt = await databaseNow(client);
    } catch {
      this.lost(client);
    }
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, application_name: LISTENER_NAME });
    client.on("notification", (message) => {
      if (message.channel === EVENTS_CHANNEL) deliver(message.payload, this.options);
    });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
      const now = await databaseNow(client);
      if (this.closed) {
        await client.end();
        return;
      }
      const missedSince = this.goodAt;
      this.client = client;
      this.goodAt = now;
      this.retryMs = FIRST_RETRY_MS;
      if (missedSince) this.options.onResumed(new Date(missedSince.getTime() - REPLAY_MARGIN_MS));
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
  }

  private lost(client: pg.Client) {
    if (this.closed || client !== this.client) return;
    this.client = null;
    void client.end().catch(() => {});
    this.options.log.warn("lost the events connection; reconnecting");
    this.retry();
  }

  private retry() {
    if (this.closed || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((err) => {
        this.options.log.warn({ err }, "could not reconnect the events connection");
        this.retry();
      });
    }, wait);
    this.retryTimer.unref();
  }
}

async function databaseNow(client: pg.Client): Promise<Date> {
  const { rows } = await client.query<{ now: Date }>("select now() as now");
  return rows[0]?.now ?? new Date();
}
