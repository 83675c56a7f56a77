import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { announceSql, type EventInsert, insertEventsSql } from "../../db/live-events";
import { executePrepared } from "../../db/prepared";

/*
 * docs/product-contract.md "Hearing at once" (docs/decisions/131). Other modules import this file only.
 * The budget module writes its own events with its one statement (budget/announcements.ts); writes
 * outside it publish theirs here.
 */

export type { EventInsert } from "../../db/live-events";

/**
 * Writes the event and announces it, in `ex`'s transaction: pass the transaction of the change it tells
 * of, so that it is heard exactly when that change commits.
 */
export async function publishEvent(ex: Executor, event: EventInsert): Promise<void> {
  await executePrepared(
    ex,
    "pw_publish_event",
    sql`with event_rows as (${insertEventsSql([event])}) ${announceSql("event_rows")}`,
  );
}
