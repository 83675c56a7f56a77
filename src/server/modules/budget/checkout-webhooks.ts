import { type SQL, sql } from "drizzle-orm";

/**
 * Decision 141: the parts of a budget write that move a merchant's checkout session after its cart, and
 * write the merchant's webhook event, in the statement (so the transaction) that changed the cart. They
 * read the events the write wrote (`eventsPart`), as the notification part does (decision 133):
 * - `cart.decided` with status approved or declined -> the session's status and `checkout.approved|declined`;
 * - `cart.expired` (no one decided in time) -> `expired` and `checkout.expired`;
 * - `cart.completed`, or a `cart.decided` whose status is completed -> `completed` and `checkout.completed`.
 * Only sessions linked to the cart whose status really changes are touched; an undo back to pending moves
 * the session back to pending without a webhook (the contract has no type for it). The event's id is made
 * per row, and its body is the exact text every delivery sends. The parts' text never changes, so the
 * statement's prepared name does not either.
 *
 * Decision 144: a cart made from a checkout session takes the session's id, and `checkout_link_rows`
 * links the session to it here, in the statement that inserts the cart (a link written before would
 * name a cart that does not exist yet). A cart with any other id finds no session.
 */
export function checkoutWebhooksSql(eventsPart: string): SQL[] {
  const e = sql.identifier(eventsPart);
  const next = sql`case
      when e.type = 'cart.expired' then 'expired'
      when e.type = 'cart.completed' then 'completed'
      else e.data->>'status' end`;
  const session = sql`checkout_session_rows as (
    update checkout_sessions s set status = c.next, updated_at = statement_timestamp()
    from (select distinct on ((e.data->>'cartId')::uuid) (e.data->>'cartId')::uuid as cart_id, ${next} as next
          from ${e} e
          where e.type in ('cart.decided', 'cart.expired', 'cart.completed') and e.data ? 'cartId'
          order by (e.data->>'cartId')::uuid, e.id desc) c
    where s.cart_id = c.cart_id
      and c.next in ('pending', 'approved', 'declined', 'expired', 'completed')
      and s.status is distinct from c.next
    returning s.id, s.merchant_id, s.reference, s.cart_id, s.status, s.total,
      'evt_' || replace(gen_random_uuid()::text, '-', '') as event_id)`;
  const webhook = sql`checkout_webhook_rows as (
    insert into webhook_events (id, merchant_id, checkout_session_id, type, body)
    select r.event_id, r.merchant_id, r.id, 'checkout.' || r.status,
      json_build_object('id', r.event_id, 'type', 'checkout.' || r.status,
        'created', floor(extract(epoch from statement_timestamp()))::bigint,
        'data', json_build_object('checkoutSessionId', r.id, 'reference', r.reference, 'cartId', r.cart_id,
          'status', r.status, 'total', r.total::text))::text
    from checkout_session_rows r
    where r.status in ('approved', 'declined', 'expired', 'completed')
    returning 1)`;
  const link = sql`checkout_link_rows as (
    update checkout_sessions s set cart_id = s.id
    from ${e} e
    where e.type = 'cart.submitted' and s.id = (e.data->>'cartId')::uuid and s.cart_id is null
    returning 1)`;
  return [session, webhook, link];
}
