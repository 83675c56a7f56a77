import { type SQL, sql } from "drizzle-orm";
import { outboundMessages } from "../../db/schema";

/**
 * Decision 133: the part of a budget write that turns its events into notification intents (the
 * NotificationIntent of the schema, as notifications' queueNotification writes them), read from
 * the rows the events part (`eventsPart`) wrote, so a badge.earned repeated by a badge already earned
 * (which writes no event) asks for no e-mail either, and an intent exists exactly when its event does:
 * - a cart left pending (`cart.submitted` with status pending) -> `cart.waiting`;
 * - `budget.warning` -> `budget.warning` with its percent;
 * - `badge.earned` -> `badge.earned` with the badge's type.
 * Reminders and expiry queue theirs with queueNotification (carts' cart-timers). The part's text never
 * changes, so the statement's prepared name does not either.
 */
export function notificationIntentsSql(eventsPart: string): SQL {
  const e = sql.identifier(eventsPart);
  const intentType = sql`case when e.type = 'cart.submitted' then 'cart.waiting' else e.type end`;
  const columns = sql.join(
    [outboundMessages.channel, outboundMessages.type, outboundMessages.payload].map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  return sql`insert into ${outboundMessages} (${columns})
    select 'intent', ${intentType}, jsonb_strip_nulls(jsonb_build_object(
      'type', ${intentType}, 'familyId', e.family_id, 'childId', e.child_id,
      'cartId', e.data->>'cartId',
      'percent', case when e.type = 'budget.warning' then (e.data->>'percent')::int end,
      'badgeType', case when e.type = 'badge.earned' then e.data->>'type' end))
    from ${e} e
    where e.child_id is not null
      and ((e.type = 'cart.submitted' and e.data->>'status' = 'pending')
        or e.type in ('budget.warning', 'badge.earned'))
    returning 1`;
}
