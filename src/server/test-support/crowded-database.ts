import type { Database } from "../db/client";

/**
 * How many other families the database holds: enough that reading one family's rows through an index is
 * far cheaper than reading a table whole, so the planner picks an index wherever one fits, and a plan that
 * still reads a table whole is a missing index rather than a small table.
 */
const CROWD_FAMILIES = 2000;

/**
 * Tables that grow with families and their activity, each filled here with thousands of rows. The hot
 * paths must read these through an index.
 */
export const CROWDED_TABLES = [
  "users",
  "families",
  "family_guardians",
  "family_invitations",
  "family_billing",
  "children",
  "carts",
  "decision_tokens",
  "idempotent_responses",
  "chores",
  "budget_categories",
  "achievements",
  "savings_goals",
  "goal_contributions",
  "lesson_unlocks",
  "lesson_attempts",
  "child_consents",
  "child_devices",
  "child_login_codes",
  "sessions",
  "rate_limits",
  "events",
  "outbound_messages",
  "notification_preferences",
  "push_subscriptions",
  "support_tickets",
  "ticket_replies",
  "referral_codes",
  "referrals",
  "referral_invites",
  "referral_rewards",
  "checkout_sessions",
  "webhook_events",
  "staff_audit_log",
  "workflow_executions",
] as const;

/**
 * Tables whose size a rule keeps small, so reading one whole costs nothing: staff accounts made by hand,
 * the workflows the migrations seed, partner stores registered by hand (at most 100, decision 164) and the
 * server's own keys, one row per kind.
 */
export const SMALL_BY_RULE_TABLES = ["admins", "workflows", "merchants", "server_secrets"] as const;

/**
 * Fills every crowded table with other families' rows in a few set-based statements, then analyzes, so the
 * planner's statistics describe a busy service. Each statement builds on the whole of the tables before it,
 * so this runs on a freshly migrated database, before the test makes its own families.
 */
export async function crowdDatabase(database: Database, families = CROWD_FAMILIES): Promise<void> {
  for (const statement of crowdStatements(families)) await database.query(statement);
  await database.query("analyze");
  // A table left nearly empty would be read whole by any plan, and the check would blame the app for it.
  const counts = await database.query<{ table: string; n: number }>(
    `select relname as table, reltuples::int as n from pg_class
     where relnamespace = 'public'::regnamespace and relkind = 'r' and relname = any($1::text[])`,
    [CROWDED_TABLES],
  );
  const thin = CROWDED_TABLES.filter((table) => (counts.find((c) => c.table === table)?.n ?? 0) < families / 2);
  if (thin.length > 0) throw new Error(`crowdDatabase left these tables with too few rows: ${thin.join(", ")}`);
}

const crowdStatements = (n: number) => [
  `insert into users (email, password_hash, first_name, last_name, subscription_tier, created_at, updated_at)
   select 'crowd' || i || '@example.com', 'not-a-hash', 'Crowd', 'Parent ' || i,
     (array['free', 'family', 'premium'])[1 + i % 3], now() - i * interval '7 minutes', now() - i * interval '7 minutes'
   from generate_series(1, ${n}) i`,
  `insert into families (id, created_at, updated_at) select id, created_at, updated_at from users`,
  `insert into family_guardians (user_id, family_id, role, created_at) select id, id, 'owner', created_at from users`,
  `insert into family_billing (family_id) select id from families where right(id::text, 1) < 'c'`,
  `insert into family_invitations (token_hash, family_id, email, expires_at, accepted_at)
   select md5('invitation' || id), id, 'guest-' || id || '@example.com', now() + interval '7 days',
     case when right(id::text, 1) < 'c' then now() end
   from families`,
  `insert into children (parent_id, name, age, monthly_budget, auto_approval_limit, consent_status, created_at, updated_at)
   select f.id, 'Kid ' || k, 8 + k, 50, 10, 'verified', f.created_at, f.created_at
   from families f cross join generate_series(1, 2) k`,
  `insert into carts (child_id, retailer, total, status, items, created_at, updated_at, expires_at, approved_at,
     declined_at, decided_at, completed_at, reminder_sent_at)
   select c.id, 'Toy Shop', 1 + k % 40, s.status, '[{"name":"Item","price":"5.00","quantity":1}]'::jsonb,
     now() - k * interval '3 days', now() - k * interval '3 days',
     case when s.status = 'pending' then now() + interval '2 days' end,
     case when s.status in ('approved', 'completed') then now() - k * interval '3 days' end,
     case when s.status = 'declined' then now() - k * interval '3 days' end,
     case when s.status <> 'pending' then now() - k * interval '3 days' end,
     case when s.status = 'completed' then now() - k * interval '3 days' end,
     -- Past the middle of their window, as a running service would have them: reminded.
     case when s.status = 'pending' then now() - k * interval '1 day' end
   from children c cross join generate_series(1, 8) k
   cross join lateral (select (array['pending', 'approved', 'declined', 'completed', 'approved'])[1 + k % 5] as status) s`,
  `insert into decision_tokens (token_hash, user_id, cart_id, decision, total, expires_at)
   select md5(d || c.id::text), ch.parent_id, c.id, d, c.total, now() + interval '2 days'
   from carts c join children ch on ch.id = c.child_id cross join unnest(array['approved', 'declined']) d
   where c.status = 'pending'`,
  `insert into idempotent_responses (key, status_code, body)
   select 'crowd:' || id, '200', '{}'::jsonb from carts where status <> 'pending'`,
  `insert into chores (child_id, title, reward, is_completed, created_at, updated_at)
   select c.id, 'Chore ' || k, 2, k = 1, now() - k * interval '1 day', now() - k * interval '1 day'
   from children c cross join generate_series(1, 4) k`,
  `insert into budget_categories (child_id, name, monthly_limit)
   select c.id, n.name, 20 from children c cross join unnest(array['books', 'games', 'toys', 'clothes']) n(name)`,
  `insert into achievements (child_id, type, title, description)
   select c.id, b.type, initcap(replace(b.type, '_', ' ')), 'Earned' from children c
   cross join unnest(array['first_cart', 'smart_spender']) b(type)`,
  `insert into savings_goals (child_id, name, target, saved) select id, 'Bike', 120, 10 from children`,
  `insert into goal_contributions (goal_id, amount, source)
   select g.id, 5, 'child' from savings_goals g cross join generate_series(1, 2)`,
  `insert into lesson_unlocks (child_id, lesson_id) select id, 'needs-and-wants' from children`,
  `insert into lesson_attempts (child_id, lesson_id, answers, correct, total)
   select id, 'needs-and-wants', '[0, 1, 2]'::jsonb, 3, 3 from children`,
  `insert into child_consents (family_id, child_id, reference, full_name, email, phone, relationship, method,
     data_collection, educational, third_party, marketing, status, decided_at, decided_by)
   select parent_id, id, 'PWC-CROWD-' || id, 'Crowd Parent', 'crowd@example.com', '555-0100', 'parent',
     'government-id', true, true, false, false, 'verified', now(), 'staff'
   from children`,
  `insert into child_devices (child_id, kind, name, token_hash, expires_at)
   select id, 'browser', 'Chromium', md5('device' || id), now() + interval '30 days' from children`,
  `insert into child_login_codes (code_hash, child_id, expires_at, used_at)
   select md5('code' || id), id, now() - interval '1 day', now() - interval '1 day' from children`,
  `insert into sessions (sid, sess, expire)
   select md5('session' || id || k), jsonb_build_object('kind', 'parent', 'userId', id), now() + (k - 2) * interval '20 minutes'
   from users cross join generate_series(1, 3) k`,
  `insert into sessions (sid, sess, expire)
   select md5('child-session' || id), jsonb_build_object('kind', 'child', 'childId', id, 'parentId', parent_id),
     now() + interval '10 minutes'
   from children`,
  `insert into rate_limits (key, count, reset_at) select 'crowd:' || id, 1, now() + interval '10 minutes' from users`,
  `insert into events (family_id, child_id, type, data, created_at)
   select c.parent_id, c.id, 'cart.submitted', jsonb_build_object('childId', c.id), now() - k * interval '1 hour'
   from children c cross join generate_series(1, 5) k`,
  `insert into outbound_messages (channel, user_id, type, payload, status, sent_at, next_attempt_at, created_at)
   select 'email', id, 'cart.waiting', '{}'::jsonb, 'sent', now() - k * interval '1 hour', now() - k * interval '1 hour',
     now() - k * interval '1 hour'
   from users cross join generate_series(1, 3) k`,
  `insert into notification_preferences (user_id, channels)
   select id, '{"email":{"approvals":true,"reminders":true,"budgetWarnings":true,"achievements":true},
     "push":{"approvals":true,"reminders":true,"budgetWarnings":true,"achievements":true}}'::jsonb
   from users where right(id::text, 1) < 'c'`,
  `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
   select id, 'https://push.example/' || id, 'key', 'auth' from users`,
  `insert into support_tickets (user_id, subject, description, priority, created_at, updated_at)
   select id, 'Question', 'How does it work?', 'low', created_at, created_at from users`,
  `insert into ticket_replies (ticket_id, body, created_at)
   select id, 'Like this.', created_at + k * interval '1 hour' from support_tickets cross join generate_series(1, 8) k`,
  `insert into referral_codes (user_id, code) select id, 'CROWD' || upper(left(md5(id::text), 10)) from users`,
  `insert into referrals (referred_user_id, referrer_id, created_at)
   select u.id, r.id, u.created_at
   from users u join users r on r.email = 'crowd' || substring(u.email from '^crowd([0-9]+)@')::int / 2 || '@example.com'
   where substring(u.email from '^crowd([0-9]+)@')::int > 1`,
  `insert into referral_rewards (user_id, tier, kind) select distinct referrer_id, 1, 'free_month' from referrals`,
  `insert into referral_invites (user_id, email) select id, 'friend-' || id || '@example.com' from users`,
  `insert into merchants (name, domain, webhook_url, api_key_hash, webhook_secret_encrypted)
   select 'Store ' || i, 'store' || i || '.example', 'https://store' || i || '.example/hooks', md5('merchant' || i), 'sealed'
   from generate_series(1, 5) i`,
  `insert into checkout_sessions (merchant_id, reference, items, total, success_url, cancel_url, status, cart_id, expires_at,
     created_at, updated_at)
   select m.id, 'order-' || c.id, '[{"name":"Item","price":"5.00","quantity":1}]'::jsonb, c.total,
     'https://store.example/done', 'https://store.example/cart', 'approved', c.id, c.created_at + interval '1 day',
     c.created_at, c.created_at
   from carts c cross join (select id from merchants order by name limit 1) m
   where c.status = 'approved'`,
  `insert into webhook_events (id, merchant_id, checkout_session_id, type, body, status, delivered_at, created_at)
   select 'evt_' || md5(id::text), merchant_id, id, 'checkout_session.approved', '{}', 'delivered', created_at, created_at
   from checkout_sessions`,
  `insert into staff_audit_log (admin_email, action, family_id, created_at)
   select 'staff@example.com', 'plan.changed', id, created_at from families`,
  `insert into workflow_executions (workflow_id, user_id, status, started_at)
   select w.id, u.id, 'completed', u.created_at from users u cross join lateral (select id from workflows limit 1) w`,
];
