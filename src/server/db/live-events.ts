import { type SQL, sql } from "drizzle-orm";
import type { LiveEventData, LiveEventType } from "../../shared/schemas/events";
import { events } from "./schema";

/*
 * docs/decisions/131: an event is a row of `events` written by the statement that makes the change it
 * tells of, and announced by pg_notify in that statement, so it is delivered when (and only if) the
 * change commits. The notification carries the whole row: listeners never read "ids after the last one
 * seen", which would skip an id whose transaction commits after a later one's.
 */

/** The one channel every app instance listens on. */
export const EVENTS_CHANNEL = "pw_events";

/** An event to write, in the transaction of the change it tells of. */
export type EventInsert = {
  [K in LiveEventType]: {
    type: K;
    /** The family whose guardians hear it: its owner's account id, which children.parent_id names. */
    familyId: string;
    /** The child it is about, whose own session hears it too. */
    childId: string | null;
    data: LiveEventData[K];
  };
}[LiveEventType];

/** An event as written: what a notification carries and what a replay reads. */
export interface EventRecord {
  id: number;
  familyId: string;
  childId: string | null;
  type: LiveEventType;
  data: Record<string, unknown>;
}

/**
 * PostgreSQL refuses a notification payload of 8000 bytes or more, failing the transaction with it; data
 * holds ids and small fields, so a larger one is a bug, refused before it can fail a purchase.
 */
export const MAX_EVENT_DATA_BYTES = 2000;

export function assertSmallEventData(event: EventInsert) {
  if (Buffer.byteLength(JSON.stringify(event.data)) > MAX_EVENT_DATA_BYTES) {
    throw new Error(`event ${event.type} carries more than ${MAX_EVENT_DATA_BYTES} bytes of data`);
  }
}

const column = (c: { name: string }) => sql.identifier(c.name);

/**
 * An INSERT of the events, all in one JSON parameter so that the text never depends on their number,
 * answering the written rows. `filter`, when given, is a condition on the input row `i` that keeps it.
 */
export function insertEventsSql(rows: EventInsert[], filter?: SQL): SQL {
  for (const row of rows) assertSmallEventData(row);
  const json = rows.map((e) => ({ family_id: e.familyId, child_id: e.childId, type: e.type, data: e.data }));
  const written = [events.familyId, events.childId, events.type, events.data].map(column);
  return sql`insert into ${events} (${sql.join(written, sql`, `)})
    select i.family_id, i.child_id, i.type, i.data
    from jsonb_to_recordset(${sql.param(JSON.stringify(json))}::jsonb) as i(family_id uuid, child_id uuid, type text, data jsonb)
    ${filter ? sql`where ${filter}` : sql``}
    returning ${sql.join([events.id, events.familyId, events.childId, events.type, events.data].map(column), sql`, `)}`;
}

/**
 * The SELECT that announces the rows of the WITH part `rowsPart` (an insertEventsSql) on EVENTS_CHANNEL.
 * NOTIFY is transactional: the announcement leaves with the commit, or never.
 */
export function announceSql(rowsPart: string): SQL {
  return sql`select pg_notify(${EVENTS_CHANNEL}, json_build_object('id', e.id, 'familyId', e.family_id, 'childId', e.child_id, 'type', e.type, 'data', e.data)::text) from ${sql.identifier(rowsPart)} e`;
}

/** Reads a notification's payload back (the JSON announceSql builds). */
export function parseEventPayload(payload: string): EventRecord | null {
  try {
    const value = JSON.parse(payload) as EventRecord;
    return typeof value.id === "number" && typeof value.familyId === "string" ? value : null;
  } catch {
    return null;
  }
}
