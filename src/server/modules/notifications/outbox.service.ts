import type { FastifyInstance } from "fastify";
import { formatDollars } from "../../../shared/rules/money";
import type { NotificationKind } from "../../../shared/schemas/notifications";
import type { PushMessage } from "../../../shared/schemas/push";
import type {
  CartRow,
  ChildRow,
  decisionTokens,
  NotificationIntent,
  OutboundMessageRow,
  outboundMessages,
} from "../../db/schema";
import { randomToken, sha256 } from "../../lib/tokens";
import type { MailContent } from "../automations/mail-templates";
import { monthAmounts } from "../budget/budget";
import { sendPush } from "../push/push.service";
import { deleteDecisionTokens, insertDecisionTokens } from "./decision-tokens.repository";
import {
  badgeEarnedMail,
  budgetWarningMail,
  type CartMailContext,
  cartExpiredMail,
  cartReminderMail,
  cartWaitingMail,
  childFirstName,
  invitationMail,
  type MailLinks,
} from "./notification-mails";
import {
  claimDueMessages,
  familyGuardianList,
  findBadge,
  findCart,
  findChild,
  findUser,
  guardianInFamily,
  insertMessages,
  settleMessage,
  usersWithPush,
} from "./outbox.repository";
import { readPreferencesOf } from "./preferences.repository";
import { unsubscribeKey, unsubscribeToken } from "./unsubscribe.service";

/** A claim lasts well past the mailer's SMTP timeouts (40 s at most), so a live sender never loses one. */
export const LEASE_MS = 2 * 60_000;
/** Then the message is given up as failed: about 17 hours of retries with the backoff below. */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;
/** 30 s, 1 min, 2 min, ... up to an hour between attempts. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);
/** A message about something that does not expire may wait a day on a device that is off. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Decision links of a cart that somehow has no expiry still stop working. */
const FALLBACK_LINK_TTL_MS = 48 * 60 * 60_000;

type Intent = NotificationIntent;
type GuardianIntent = Exclude<Intent, { type: "guardian.invitation" | "account.notice" }>;
type OutboundInsert = typeof outboundMessages.$inferInsert;

/** Which of a guardian's kinds an intent belongs to, and which of the child's switches must be on. */
const KINDS: Record<GuardianIntent["type"], { kind: NotificationKind; childSwitch: keyof ChildRow }> = {
  "cart.waiting": { kind: "approvals", childSwitch: "notifyPurchaseApprovals" },
  "cart.reminder": { kind: "reminders", childSwitch: "notifyPurchaseApprovals" },
  "cart.expired": { kind: "approvals", childSwitch: "notifyPurchaseApprovals" },
  "budget.warning": { kind: "budgetWarnings", childSwitch: "notifyBudgetWarnings" },
  "badge.earned": { kind: "achievements", childSwitch: "notifyAchievementUpdates" },
};

/** A message whose moment passed: it is settled as skipped, with the reason, and never sent. */
class Skip extends Error {}
/** Another sender holds the row now (this one's lease ran out): leave it to them. */
class LostClaim extends Error {}

/** What one delivery sends: an e-mail, or a push to every device of the guardian. */
type Prepared =
  | { channel: "email"; to: string; mail: MailContent }
  | { channel: "push"; userId: string; message: PushMessage; ttlSeconds: number };

/**
 * The notification worker's work (decision 133). Each run claims due outbox rows (SKIP LOCKED, with a
 * lease) and settles each: an intent becomes one row per guardian and channel the child's switches and
 * the guardian's preferences allow, in one transaction with its own settlement; a message is sent, then
 * marked sent. A failure is retried with backoff, and given up after MAX_ATTEMPTS.
 */
export function createOutbox(app: FastifyInstance, opts: { linkOrigin: string }) {
  const { db } = app.database;
  const origin = opts.linkOrigin;
  let key: Promise<Buffer> | null = null;
  const signingKey = () => {
    key ??= unsubscribeKey(db).catch((err) => {
      key = null;
      throw err;
    });
    return key;
  };

  async function linksFor(userId: string, kind: NotificationKind): Promise<MailLinks> {
    const token = unsubscribeToken(await signingKey(), userId, kind);
    return {
      unsubscribeUrl: `${origin}/unsubscribe/${token}`,
      oneClickUrl: `${origin}/api/unsubscribe/${token}`,
      settingsUrl: `${origin}/parent#notifications`,
    };
  }

  /** The rows an intent becomes: who hears of it, on which channel. */
  async function expand(intent: Intent): Promise<OutboundInsert[]> {
    if (intent.type === "guardian.invitation" || intent.type === "account.notice") {
      return [{ channel: "email", userId: null, type: intent.type, payload: intent }];
    }
    const { kind, childSwitch } = KINDS[intent.type];
    const child = await findChild(db, intent.childId);
    if (!child || child.parentId !== intent.familyId || child[childSwitch] !== true) return [];
    if (intent.type === "cart.waiting" || intent.type === "cart.reminder") {
      const cart = await findCart(db, intent.cartId);
      if (cart?.status !== "pending") return [];
    }
    const guardians = await familyGuardianList(db, intent.familyId);
    const ids = guardians.map((g) => g.userId);
    const [preferences, withPush] = await Promise.all([readPreferencesOf(db, ids), usersWithPush(db, ids)]);
    return guardians.flatMap(({ userId }) => {
      const prefs = preferences.get(userId);
      const rows: OutboundInsert[] = [];
      if (prefs?.email[kind]) rows.push({ channel: "email", userId, type: intent.type, payload: intent });
      if (prefs?.push[kind] && withPush.has(userId)) {
        rows.push({ channel: "push", userId, type: intent.type, payload: intent });
      }
      return rows;
    });
  }

  async function runIntent(row: OutboundMessageRow, now: Date) {
    const rows = await expand(row.payload as Intent);
    await db.transaction(async (tx) => {
      await insertMessages(tx, rows);
      const held = await settleMessage(tx, row, {
        status: rows.length ? "sent" : "skipped",
        sentAt: now,
        lastError: rows.length ? null : "No guardian's settings ask for this",
      });
      if (!held) throw new LostClaim();
    });
  }

  /** The cart e-mail's context for one guardian; a Skip when the message no longer makes sense. */
  async function cartContext(intent: Extract<Intent, { cartId: string }>, userId: string, now: Date) {
    const [cart, child, guardian] = await Promise.all([
      findCart(db, intent.cartId),
      findChild(db, intent.childId),
      guardianInFamily(db, userId, intent.familyId),
    ]);
    if (!cart || !child || child.parentId !== intent.familyId) throw new Skip("The cart is gone");
    if (!guardian) throw new Skip("No longer a guardian of the family");
    if (intent.type !== "cart.expired") {
      if (cart.status !== "pending") throw new Skip("The cart was decided before this was sent");
      if (cart.expiresAt && cart.expiresAt <= now) throw new Skip("The cart expired before this was sent");
    }
    const { spent, budget } = monthAmounts(child, now);
    const context: CartMailContext = {
      firstName: guardian.firstName,
      childName: childFirstName(child.name),
      retailer: cart.retailer,
      items: cart.items,
      total: cart.total,
      budget,
      budgetLeft: budget - spent,
      reason: cart.decisionReason,
      expiresAt: cart.expiresAt,
      dashboardUrl: `${origin}/child/${child.id}`,
    };
    return { cart, guardian, context };
  }

  /** The two one-tap links of a cart for one guardian, stored only as hashes, lapsing with the cart. */
  function decisionLinks(userId: string, cart: CartRow, now: Date) {
    const made = (["approved", "declined"] as const).map((decision) => ({ decision, token: randomToken() }));
    const expiresAt = cart.expiresAt ?? new Date(now.getTime() + FALLBACK_LINK_TTL_MS);
    const rows: (typeof decisionTokens.$inferInsert)[] = made.map(({ decision, token }) => ({
      tokenHash: sha256(token),
      userId,
      cartId: cart.id,
      decision,
      total: cart.total,
      expiresAt,
      createdAt: now,
    }));
    const [approve, decline] = made.map((m) => m.token) as [string, string];
    return {
      rows,
      approveUrl: `${origin}/decide/${approve}`,
      declineUrl: `${origin}/decide/${decline}`,
      approveApi: `${origin}/api/decide/${approve}`,
      declineApi: `${origin}/api/decide/${decline}`,
    };
  }

  const ttlUntil = (expiresAt: Date | null, now: Date) =>
    expiresAt ? Math.max(60, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) : PUSH_TTL_SECONDS;

  /** What one message row sends, and the decision tokens made for it (dropped again if sending fails). */
  async function prepare(row: OutboundMessageRow, now: Date): Promise<{ prepared: Prepared; tokens: string[] }> {
    const intent = row.payload as Intent;
    if (intent.type === "guardian.invitation") {
      const owner = await findUser(db, intent.familyId);
      const mail = invitationMail({
        inviterName: intent.invitedBy || owner?.firstName || null,
        familyName: owner?.lastName ?? null,
        link: intent.link,
      });
      return { prepared: { channel: "email", to: intent.email, mail }, tokens: [] };
    }
    if (intent.type === "account.notice") {
      return { prepared: { channel: "email", to: intent.email, mail: intent.mail }, tokens: [] };
    }
    const userId = row.userId;
    if (!userId) throw new Skip("No recipient");
    const { kind } = KINDS[intent.type];

    if ("cartId" in intent) {
      const { cart, guardian, context } = await cartContext(intent, userId, now);
      if (intent.type === "cart.expired") {
        if (row.channel === "email") {
          return {
            prepared: {
              channel: "email",
              to: guardian.email,
              mail: cartExpiredMail(context, await linksFor(userId, kind)),
            },
            tokens: [],
          };
        }
        const message: PushMessage = {
          title: `${context.childName}'s request expired`,
          body: `No one decided on ${formatDollars(cart.total)} at ${cart.retailer} in time, so it was declined.`,
          url: context.dashboardUrl,
          tag: `cart-${cart.id}`,
        };
        return { prepared: { channel: "push", userId, message, ttlSeconds: PUSH_TTL_SECONDS }, tokens: [] };
      }
      const links = decisionLinks(userId, cart, now);
      await insertDecisionTokens(db, links.rows);
      const tokens = links.rows.map((r) => r.tokenHash);
      if (row.channel === "email") {
        const mailLinks = await linksFor(userId, kind);
        const decide = { approveUrl: links.approveUrl, declineUrl: links.declineUrl };
        const mail =
          intent.type === "cart.waiting"
            ? cartWaitingMail(context, decide, mailLinks)
            : cartReminderMail(context, decide, mailLinks);
        return { prepared: { channel: "email", to: guardian.email, mail }, tokens };
      }
      const total = formatDollars(cart.total);
      const message: PushMessage = {
        title:
          intent.type === "cart.waiting"
            ? `${context.childName} is asking for ${total}`
            : `Still waiting: ${context.childName}'s ${total} request`,
        body: `${cart.retailer}: ${cart.items.map((i) => i.name).join(", ")}`.slice(0, 200),
        // The notification itself opens the pending list; its two buttons are the one-tap links.
        url: `${origin}/`,
        tag: `cart-${cart.id}`,
        actions: [
          { action: "approve", title: `Approve ${total}`, url: links.approveUrl, decideUrl: links.approveApi },
          { action: "decline", title: "Decline", url: links.declineUrl, decideUrl: links.declineApi },
        ],
      };
      return { prepared: { channel: "push", userId, message, ttlSeconds: ttlUntil(cart.expiresAt, now) }, tokens };
    }

    const [child, guardian] = await Promise.all([
      findChild(db, intent.childId),
      guardianInFamily(db, userId, intent.familyId),
    ]);
    if (!child || child.parentId !== intent.familyId) throw new Skip("The child is gone");
    if (!guardian) throw new Skip("No longer a guardian of the family");
    const childName = childFirstName(child.name);
    const dashboardUrl = `${origin}/child/${child.id}`;

    if (intent.type === "budget.warning") {
      const { spent, budget } = monthAmounts(child, now);
      if (row.channel === "email") {
        const mail = budgetWarningMail(
          { firstName: guardian.firstName, childName, percent: intent.percent, spent, budget, dashboardUrl },
          await linksFor(userId, kind),
        );
        return { prepared: { channel: "email", to: guardian.email, mail }, tokens: [] };
      }
      const message: PushMessage = {
        title: `${childName} has used ${intent.percent}% of the budget`,
        body: `${formatDollars(Math.max(0, budget - spent))} is left this month.`,
        url: dashboardUrl,
        tag: `budget-${child.id}`,
      };
      return { prepared: { channel: "push", userId, message, ttlSeconds: PUSH_TTL_SECONDS }, tokens: [] };
    }

    const badge = await findBadge(db, child.id, intent.badgeType);
    if (!badge) throw new Skip("The badge is gone");
    if (row.channel === "email") {
      const mail = badgeEarnedMail(
        { firstName: guardian.firstName, childName, title: badge.title, description: badge.description, dashboardUrl },
        await linksFor(userId, kind),
      );
      return { prepared: { channel: "email", to: guardian.email, mail }, tokens: [] };
    }
    const message: PushMessage = {
      title: `${childName} earned a badge: ${badge.title}`,
      body: badge.description,
      url: dashboardUrl,
      tag: `badge-${child.id}-${badge.type}`,
    };
    return { prepared: { channel: "push", userId, message, ttlSeconds: PUSH_TTL_SECONDS }, tokens: [] };
  }

  async function send(prepared: Prepared, now: Date) {
    if (prepared.channel === "email") {
      return app.mailer.send({ to: prepared.to, date: now, ...prepared.mail });
    }
    const result = await sendPush(app, prepared.userId, prepared.message, { ttlSeconds: prepared.ttlSeconds });
    // Reaching one device is enough: trying again would show it twice there.
    if (result.sent === 0 && result.failed > 0) throw new Error(`no device reached (${result.failed} failed)`);
    if (result.sent === 0) throw new Skip("No device has push turned on any more");
    return `pushed to ${result.sent} device(s)`;
  }

  async function runMessage(row: OutboundMessageRow, now: Date) {
    const { prepared, tokens } = await prepare(row, now);
    try {
      const detail = await send(prepared, now);
      app.log.info({ messageId: row.id, type: row.type }, `Sent the ${row.type} ${row.channel}, ${detail}`);
    } catch (err) {
      // Links in a message that never arrived would only be unused rows.
      await deleteDecisionTokens(db, tokens);
      throw err;
    }
    if (!(await settleMessage(db, row, { status: "sent", sentAt: now, lastError: null }))) throw new LostClaim();
  }

  async function settleFailure(row: OutboundMessageRow, err: unknown, now: Date) {
    if (err instanceof LostClaim) return;
    if (err instanceof Skip) {
      await settleMessage(db, row, { status: "skipped", lastError: err.message });
      return;
    }
    const lastError = err instanceof Error ? err.message : String(err);
    const givenUp = row.attempts >= MAX_ATTEMPTS;
    app.log.warn({ err, messageId: row.id, attempts: row.attempts }, `could not send the ${row.type} ${row.channel}`);
    await settleMessage(db, row, {
      status: givenUp ? "failed" : "queued",
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
      lastError: lastError.slice(0, 1000),
    });
  }

  /**
   * Sends everything due at the app's clock, the messages intents expand into included; answers how many
   * rows were settled. A row that fails waits for its backoff, so the loop ends once nothing is due.
   */
  async function runDue(): Promise<number> {
    let settled = 0;
    for (;;) {
      const now = app.now();
      const claimed = await claimDueMessages(db, now, LEASE_MS, BATCH);
      for (const row of claimed) {
        try {
          await (row.channel === "intent" ? runIntent(row, now) : runMessage(row, now));
        } catch (err) {
          await settleFailure(row, err, now);
        }
      }
      if (!claimed.length) return settled;
      settled += claimed.length;
    }
  }

  return { runDue };
}
