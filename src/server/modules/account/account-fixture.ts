import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";
import { randomToken, sha256 } from "../../lib/tokens";
import { addChild, insertCart, setTier, signInChild, signUpParent, type TestApp } from "../../test-support/test-app";

/*
 * docs/decisions/158's tests: a family with a row in every table that can hold family data, made through the
 * API where that is short (sign-up, children, the invitation a guardian joins by, sign-ins) and by SQL for the
 * rest, and the list of every table the database has.
 */

/** Every table the Drizzle schema declares. */
export const schemaTables = () =>
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable));

/** Every table the migrated database has, including any a migration made outside the Drizzle schema. */
export async function databaseTables(t: TestApp) {
  const rows = await t.database.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  return rows.map((r) => r.table_name);
}

const call = (t: TestApp, method: "GET" | "POST", url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

/** A guardian who joined `owner`'s family through an invitation, as the family screens do it. */
export async function joinAsGuardian(t: TestApp, ownerCookie: string) {
  const guardian = await signUpParent(t.app, { firstName: "Gabe" });
  const invited = await call(t, "POST", "/api/family/guardians", ownerCookie, { email: guardian.email });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const [row] = await t.database.query<{ payload: { link: string } }>(
    "select payload from outbound_messages where type = 'guardian.invitation' and payload->>'email' = $1",
    [guardian.email],
  );
  const token = row?.payload.link.split("/join/")[1];
  const joined = await call(t, "POST", `/api/family/invitations/${token}/accept`, guardian.cookie);
  if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.statusCode} ${joined.body}`);
  return guardian;
}

let seeded = 0;

/**
 * A family with rows everywhere: an owner, a guardian, a child (14, so no consent is needed to sign in) signed in
 * by code and by the extension, carts, chores, badges, categories, a goal, lessons, a consent, events,
 * notifications, tickets, referrals, billing with a subscription, a partner store's checkout and webhook,
 * counters and a newsletter sign-up. Answers who is who and the secrets that must never be exported.
 */
export async function seedFamily(t: TestApp) {
  seeded += 1;
  const owner = await signUpParent(t.app, { firstName: "Olivia", lastName: "Owner" });
  const familyId = owner.user.id as string;
  // Guardians come with a paid plan.
  await setTier(t.database, familyId, "family");
  const guardian = await joinAsGuardian(t, owner.cookie);
  const stranger = await signUpParent(t.app, { firstName: "Sam" });
  const child = await addChild(t.app, owner.cookie, { name: "Maya", age: 14 });
  const childId = child.id as string;
  const cartId = await insertCart(t.database, childId, { total: "12.50", status: "approved" });
  const childCookie = await signInChild(t.app, owner.cookie, childId);
  const deviceToken = `pwc_${randomToken()}`;
  const q = (text: string, params: unknown[] = []) => t.database.query<{ id: string }>(text, params);
  const in30Days = new Date(Date.now() + 30 * 86400_000).toISOString();

  await q(
    "insert into child_devices (child_id, kind, name, token_hash, expires_at) values ($1, 'extension', 'Chrome', $2, $3)",
    [childId, sha256(deviceToken), in30Days],
  );
  await q("insert into child_login_codes (code_hash, child_id, expires_at) values ($1, $2, $3)", [
    sha256(`code-${seeded}`),
    childId,
    in30Days,
  ]);
  await q("insert into chores (child_id, title, reward) values ($1, 'Dishes', '2.00')", [childId]);
  await q("insert into achievements (child_id, type, title, description) values ($1, 'first', 'First', 'First!')", [
    childId,
  ]);
  await q("insert into budget_categories (child_id, name, monthly_limit) values ($1, 'Books', '10.00')", [childId]);
  const [goal] = await q(
    "insert into savings_goals (child_id, name, target) values ($1, 'Bike', '80.00') returning id",
    [childId],
  );
  await q("insert into goal_contributions (goal_id, amount, source, by_user_id) values ($1, '5.00', 'match', $2)", [
    goal?.id,
    guardian.user.id,
  ]);
  await q("insert into lesson_unlocks (child_id, lesson_id) values ($1, 'needs-and-wants')", [childId]);
  await q(
    "insert into lesson_attempts (child_id, lesson_id, answers, correct, total) values ($1, 'needs-and-wants', '[0,1]', 2, 2)",
    [childId],
  );
  await q(
    `insert into child_consents (family_id, child_id, given_by, reference, full_name, email, phone, relationship, method,
       data_collection, educational, third_party, marketing, status, checkout_session_id, payment_intent_id)
     values ($1, $2, $3, $4, 'Olivia Owner', $5, '555-0100', 'parent', 'credit-card', true, true, false, false,
       'verified', $6, $7)`,
    [familyId, childId, familyId, `PWC-TEST-${seeded}`, owner.email, `cs_secret_${seeded}`, `pi_secret_${seeded}`],
  );
  await q("insert into events (family_id, child_id, type, data) values ($1, $2, 'cart.decided', $3)", [
    familyId,
    childId,
    JSON.stringify({ cartId }),
  ]);
  const intent = JSON.stringify({ type: "cart.waiting", familyId, childId, cartId });
  await q("insert into outbound_messages (channel, type, payload) values ('intent', 'cart.waiting', $1)", [intent]);
  for (const userId of [familyId, guardian.user.id]) {
    await q(
      "insert into outbound_messages (channel, user_id, type, payload) values ('email', $1, 'cart.waiting', $2)",
      [userId, intent],
    );
  }
  await q("insert into idempotent_responses (key, status_code, body) values ($1, '200', $2)", [
    `${familyId}:retry-${seeded}`,
    JSON.stringify({ id: cartId, childId }),
  ]);
  await q(
    "insert into decision_tokens (token_hash, user_id, cart_id, decision, total, expires_at) values ($1, $2, $3, 'approved', '12.50', $4)",
    [sha256(`decide-${seeded}`), guardian.user.id, cartId, in30Days],
  );
  const channels = { email: { approvals: true, reminders: false, budgetWarnings: true, achievements: true } };
  await q("insert into notification_preferences (user_id, channels) values ($1, $2)", [
    familyId,
    JSON.stringify({ ...channels, push: channels.email }),
  ]);
  await q(
    "insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, 'p256dh-secret', 'auth-secret')",
    [familyId, `https://push.example/endpoint-secret-${seeded}`],
  );
  const [ticket] = await q(
    "insert into support_tickets (user_id, subject, description, priority) values ($1, 'Help', 'Please', 'low') returning id",
    [familyId],
  );
  await q("insert into ticket_replies (ticket_id, body) values ($1, 'Sure')", [ticket?.id]);
  await q("insert into referral_codes (user_id, code) values ($1, $2) on conflict do nothing", [
    familyId,
    `ref${seeded}x`,
  ]);
  await q("insert into referrals (referred_user_id, referrer_id) values ($1, $2)", [stranger.user.id, familyId]);
  await q("insert into referral_rewards (user_id, tier, kind) values ($1, 1, 'plan_time')", [familyId]);
  await q("insert into referral_invites (user_id, email) values ($1, 'friend@example.com')", [familyId]);
  await q(
    "insert into email_changes (token_hash, user_id, new_email, expires_at) values ($1, $2, 'new@example.com', $3)",
    [sha256(`email-change-${seeded}`), familyId, in30Days],
  );
  await q("insert into password_resets (token_hash, user_id, expires_at) values ($1, $2, $3)", [
    sha256(`reset-${seeded}`),
    familyId,
    in30Days,
  ]);
  await q(
    `insert into family_billing (family_id, stripe_customer_id, stripe_subscription_id, subscribed_plan, status)
     values ($1, $2, $3, 'family', 'active')`,
    [familyId, `cus_secret_${seeded}`, `sub_secret_${seeded}`],
  );
  await q(
    "insert into stripe_events (id, type, created, family_id, outcome) values ($1, 'invoice.paid', now(), $2, 'applied')",
    [`evt_${seeded}_${randomToken(6)}`, familyId],
  );
  await q(
    "insert into staff_audit_log (admin_email, action, family_id, details) values ('staff@pocketwise.test', 'plan.set', $1, '{}')",
    [familyId],
  );
  const [merchant] = await q(
    `insert into merchants (name, domain, webhook_url, api_key_hash, webhook_secret_encrypted)
     values ('Toy Shop', 'toys.example', 'https://toys.example/hook', $1, 'x') returning id`,
    [sha256(`key-${seeded}-${randomToken(6)}`)],
  );
  const [checkout] = await q(
    `insert into checkout_sessions (merchant_id, reference, items, total, success_url, cancel_url, status, cart_id, expires_at)
     values ($1, 'order-1', '[]', '12.50', 'https://toys.example/ok', 'https://toys.example/no', 'approved', $2, $3) returning id`,
    [merchant?.id, cartId, in30Days],
  );
  await q(
    "insert into webhook_events (id, merchant_id, checkout_session_id, type, body) values ($1, $2, $3, 'checkout.approved', $4)",
    [`whevt_${seeded}_${randomToken(6)}`, merchant?.id, checkout?.id, JSON.stringify({ data: { cartId } })],
  );
  await q("insert into newsletter_subscribers (email) values ($1)", [owner.email]);
  // Counters: a wrong password and a right one make rows keyed by the e-mail and the account.
  const address = `10.158.${seeded % 250}.1`;
  for (const password of ["wrong password", owner.password]) {
    await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: address,
      payload: { email: owner.email, password },
    });
  }

  return {
    owner,
    guardian,
    stranger,
    familyId,
    childId,
    cartId,
    childCookie,
    deviceToken,
    subscriptionId: `sub_secret_${seeded}`,
    /** Values held that the export must never show. */
    secrets: [
      sha256(deviceToken),
      `cus_secret_${seeded}`,
      `sub_secret_${seeded}`,
      `cs_secret_${seeded}`,
      `pi_secret_${seeded}`,
      `endpoint-secret-${seeded}`,
      "p256dh-secret",
      "auth-secret",
      sha256(`email-change-${seeded}`),
    ],
  };
}
