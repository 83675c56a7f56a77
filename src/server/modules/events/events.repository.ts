import { and, asc, eq, gt, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import type { EventRecord } from "../../db/live-events";
import { childDevices, children, events, familyGuardians, sessions } from "../../db/schema";
import type { Audience } from "./event-hub";

/**
 * docs/product-contract.md "Hearing at once": a reconnecting stream replays what it missed in the last
 * hour; older rows are of no use and are pruned. The hour is the database's clock, the one that wrote
 * created_at.
 */
const KEPT = sql`now() - interval '1 hour'`;
/** More than a family makes in an hour under the per-child limits; a replay never grows without bound. */
const REPLAY_LIMIT = 1000;

const record = {
  id: events.id,
  familyId: events.familyId,
  childId: events.childId,
  type: events.type,
  data: events.data,
};

const heard = (audience: Audience): SQL =>
  audience.kind === "family" ? eq(events.familyId, audience.familyId) : eq(events.childId, audience.childId);

/** What the audience may hear after `afterId`, from the last hour, oldest first. */
export async function eventsAfter(ex: Executor, audience: Audience, afterId: number): Promise<EventRecord[]> {
  const rows = await ex
    .select(record)
    .from(events)
    .where(and(heard(audience), gt(events.id, afterId), gt(events.createdAt, KEPT)))
    .orderBy(asc(events.id))
    .limit(REPLAY_LIMIT);
  return rows as EventRecord[];
}

/** Events written since `since` (the database's clock) that any of these families or children hear. */
export async function eventsSince(
  ex: Executor,
  since: Date,
  audiences: { familyIds: string[]; childIds: string[] },
): Promise<EventRecord[]> {
  const { familyIds, childIds } = audiences;
  if (!familyIds.length && !childIds.length) return [];
  const rows = await ex
    .select(record)
    .from(events)
    .where(
      and(
        gt(events.createdAt, since),
        or(
          familyIds.length ? inArray(events.familyId, familyIds) : undefined,
          childIds.length ? inArray(events.childId, childIds) : undefined,
        ),
      ),
    )
    .orderBy(asc(events.id))
    .limit(REPLAY_LIMIT * 10);
  return rows as EventRecord[];
}

export async function pruneEvents(ex: Executor) {
  await ex.delete(events).where(lt(events.createdAt, KEPT));
}

/**
 * Which of these streams' sessions still stand: the session is live, and a guardian is still in the
 * family the stream hears (docs/product-contract.md: a removed guardian's access ends at once), or a
 * child's session still names a child of that family. One statement for every stream of the instance.
 * A child device's bearer stream (key `device:{id}`, docs/decisions/147) stands while the device does.
 */
export async function standingSessions(
  ex: Executor,
  streams: { sid: string; familyId: string }[],
  now: Date,
): Promise<Set<string>> {
  if (!streams.length) return new Set();
  const sids = sql`${sql.param(streams.map((s) => s.sid))}::text[]`;
  const familyIds = sql`${sql.param(streams.map((s) => s.familyId))}::uuid[]`;
  const kind = sql`${sessions.sess}->>'kind'`;
  const rows = await ex
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(
      and(
        sql`${sessions.sid} = any(${sids})`,
        gt(sessions.expire, now),
        sql`exists (select 1 from unnest(${sids}, ${familyIds}) as w(sid, family_id) where w.sid = ${sessions.sid} and (
          (${kind} = 'parent' and exists (select 1 from ${familyGuardians} g
            where g.user_id = (${sessions.sess}->>'userId')::uuid and g.family_id = w.family_id))
          or (${kind} = 'child' and exists (select 1 from ${children} c
            where c.id = (${sessions.sess}->>'childId')::uuid and c.parent_id = w.family_id))))`,
      ),
    )
    .union(
      ex
        .select({ sid: sql<string>`'device:' || ${childDevices.id}::text` })
        .from(childDevices)
        .innerJoin(children, eq(children.id, childDevices.childId))
        .innerJoin(
          sql`unnest(${sids}, ${familyIds}) as w(sid, family_id)`,
          sql`w.sid = 'device:' || ${childDevices.id}::text and w.family_id = ${children.parentId}`,
        )
        .where(gt(childDevices.expiresAt, now)),
    );
  return new Set(rows.map((r) => r.sid));
}
