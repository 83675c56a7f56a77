import { randomInt } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { parseCents } from "../../../shared/rules/money";
import { PLANS } from "../../../shared/rules/plans";
import { REWARD_TIERS, referralProgress } from "../../../shared/rules/referral";
import type { Referrals } from "../../../shared/schemas/referrals";
import type { PaidTier } from "../../db/schema";
import { HttpError } from "../../lib/http-errors";
import { composeMail, type MailContent } from "../automations/mail-templates";
import { grantPlanTime, stripeCustomerOf } from "../billing/billing.service";
import { openTicket } from "../support/tickets.repository";
import {
  claimReward,
  countInvitesBy,
  countInvitesTo,
  countReferrals,
  familyOfUser,
  findCodeOf,
  findCodeOwner,
  findPerson,
  hasAccount,
  insertCode,
  insertInvite,
  insertReferral,
  listRewards,
  lockInviteKey,
  releaseReward,
  settleReward,
} from "./referrals.repository";
import { sameMailbox } from "./same-person";

/*
 * docs/decisions/151: referral links, attribution at sign-up, rewards (spec 001 §9) and invitations.
 * Other modules import from this file only.
 */

/** Set by GET /r/{code}; read once, when an account is created in this browser. */
export const REFERRAL_COOKIE = "pw_ref";
export const REFERRAL_COOKIE_DAYS = 30;

/** No 0/O, 1/I/L: a code read aloud or copied by hand comes out right. */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 8;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** A code as typed or linked, in its stored spelling; null when it cannot be one. */
export function normaliseCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

const drawCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");

/** spec 001 §9 and docs/decisions/151: what each tier grants, as plan time or its price as a credit. */
export const TIER_REWARDS: Record<number, { plan: PaidTier; months: number }> = {
  1: { plan: "family", months: 1 },
  3: { plan: "premium", months: 1 },
  5: { plan: "family", months: 6 },
  10: { plan: "family", months: 12 },
};

/**
 * What a tier adds that takes a person (spec 001 §9): a support ticket in the family's name asks staff to do
 * it, and the parent sees it among their own requests, so the promise has someone behind it.
 */
export const PERSONAL_REWARDS: Record<number, { subject: string; description: string }> = {
  5: {
    subject: "Referral reward: your prepaid debit card",
    description:
      "Five families joined with your referral link. Along with 6 months free, your family gets a prepaid debit card. We will reply here to confirm where to send it.",
  },
  10: {
    subject: "Referral reward: your coaching session",
    description:
      "Ten families joined with your referral link. Along with a year free, your family gets a money coaching session. We will reply here to find a time that suits you.",
  },
};

/** The credit worth a tier's plan time: the plan's monthly price times the months. */
export const creditCents = (plan: PaidTier, months: number) => parseCents(PLANS[plan].price.slice(1)) * months;

export const INVITES_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
export const TOO_MANY_INVITES = `You can send up to ${INVITES_PER_DAY} invitations a day. Try again tomorrow.`;
export const INVITED_THIS_WEEK =
  "This address was sent an invitation in the last 7 days. You can invite it again next week.";

/** The user's code, made on first use. */
export async function codeOf(app: FastifyInstance, userId: string): Promise<string> {
  const { db } = app.database;
  const existing = await findCodeOf(db, userId);
  if (existing) return existing;
  // 31^8 codes: a clash is rare, and a second draw settles it.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = await insertCode(db, userId, drawCode(), app.now());
    if (code) return code;
  }
  throw new Error("could not draw an unused referral code");
}

export const referralLink = (origin: string, code: string) => `${origin}/r/${code}`;

/** GET /api/referrals for the signed-in adult. */
export async function referralsOf(app: FastifyInstance, userId: string, origin: string): Promise<Referrals> {
  const { db } = app.database;
  const code = await codeOf(app, userId);
  const [count, rewards] = await Promise.all([countReferrals(db, userId), listRewards(db, userId)]);
  const progress = referralProgress(count);
  return {
    code,
    link: referralLink(origin, code),
    count,
    tiers: progress.tiers,
    referralsToNext: progress.referralsToNext,
    percentToNext: progress.percentToNext,
    rewards: rewards.map((r) => ({
      tier: r.tier,
      kind: r.kind as Referrals["rewards"][number]["kind"],
      grantedAt: r.grantedAt.toISOString(),
    })),
  };
}

/**
 * Called by sign-up (password and OpenID Connect) once the account exists: a `pw_ref` cookie names who
 * referred it. Refused for the referrer's own account or mailbox; each account counts once. Never throws:
 * the sign-up has happened whatever becomes of the referral.
 */
export async function attributeSignup(app: FastifyInstance, req: FastifyRequest, newUserId: string): Promise<void> {
  const raw = req.cookies[REFERRAL_COOKIE];
  const code = raw ? normaliseCode(raw) : null;
  if (!code) return;
  try {
    const { db } = app.database;
    const referrerId = await findCodeOwner(db, code);
    if (!referrerId || referrerId === newUserId) return;
    const [referrer, joined] = await Promise.all([findPerson(db, referrerId), findPerson(db, newUserId)]);
    if (!referrer || !joined) return;
    if (sameMailbox(referrer.email, joined.email)) {
      req.log.info({ referrerId, newUserId }, "referral refused: the same person's mailbox");
      return;
    }
    if (!(await insertReferral(db, newUserId, referrerId, app.now()))) return;
    await grantDueRewards(app, referrerId);
  } catch (err) {
    req.log.error({ err, newUserId }, "could not record the referral");
  }
}

/** Grants every tier the referrer's count has reached and that is not granted yet. */
export async function grantDueRewards(app: FastifyInstance, referrerId: string): Promise<void> {
  const count = await countReferrals(app.database.db, referrerId);
  for (const tier of REWARD_TIERS) {
    if (tier.referrals <= count) await grantReward(app, referrerId, tier.referrals);
  }
}

/**
 * One tier's reward, once: the (user, tier) row is claimed first and only its claimant grants. With Stripe
 * and a customer, a balance credit (its idempotency key makes a retried call one credit); otherwise plan
 * time on the family's billing. A failed grant gives the claim back, so the next referral tries again.
 */
async function grantReward(app: FastifyInstance, userId: string, tier: number): Promise<void> {
  const reward = TIER_REWARDS[tier];
  if (!reward) return;
  const { db } = app.database;
  const familyId = await familyOfUser(db, userId);
  const customerId = app.stripe ? await stripeCustomerOf(app, familyId) : null;
  const kind = customerId ? "stripe_credit" : "plan_time";
  if (!(await claimReward(db, userId, tier, kind, app.now()))) return;
  try {
    if (app.stripe && customerId) {
      const amount = creditCents(reward.plan, reward.months);
      const months = reward.months === 1 ? "1 month" : `${reward.months} months`;
      const credit = await app.stripe.customers.createBalanceTransaction(
        customerId,
        {
          amount: -amount,
          currency: "usd",
          description: `Referral reward: ${months} of the ${PLANS[reward.plan].name}`,
        },
        { idempotencyKey: `referral-reward-${userId}-${tier}` },
      );
      await settleReward(db, userId, tier, kind, {
        familyId,
        customerId,
        amountCents: amount,
        balanceTransaction: credit.id,
      });
    } else {
      await grantPlanTime(app, familyId, reward.plan, reward.months);
      await settleReward(db, userId, tier, kind, { familyId, plan: reward.plan, months: reward.months });
    }
  } catch (err) {
    await releaseReward(db, userId, tier);
    app.log.error({ err, userId, tier }, "could not grant a referral reward");
    return;
  }
  const personal = PERSONAL_REWARDS[tier];
  if (!personal) return;
  // Apart from the grant: a ticket that could not be opened must not give back plan time already granted.
  try {
    await openTicket(db, { userId, ...personal, priority: "medium" }, app.now());
  } catch (err) {
    app.log.error({ err, userId, tier }, "could not open the ticket for a referral reward");
  }
}

export function invitationMail(inviterName: string | null, link: string): MailContent {
  const who = inviterName?.trim() || "A parent";
  return composeMail(
    `${who} invited you to Pocketwise`,
    null,
    [
      `${who} uses Pocketwise, where children shop online within a budget and a parent approves each cart, and thinks your family would like it too.`,
      "Create your family's free account through this link:",
      link,
      "No credit card is needed. If you were not expecting this, ignore this e-mail: we keep your address only so that no one invites it twice in a week.",
    ],
    link,
  );
}

/**
 * POST /api/referrals/invite: decides whether to send, under locks on the sender and the address so the
 * daily and weekly limits hold when requests arrive together. An address with an account is counted as
 * invited and answered the same, but sent nothing: the answer never tells who has an account.
 */
export async function recordInvite(app: FastifyInstance, userId: string, email: string) {
  const now = app.now();
  return app.database.db.transaction(async (tx) => {
    await lockInviteKey(tx, `user:${userId}`);
    await lockInviteKey(tx, email);
    if ((await countInvitesBy(tx, userId, new Date(now.getTime() - DAY_MS))) >= INVITES_PER_DAY) {
      throw new HttpError(429, TOO_MANY_INVITES);
    }
    if ((await countInvitesTo(tx, email, new Date(now.getTime() - WEEK_MS))) > 0) {
      throw new HttpError(429, INVITED_THIS_WEEK);
    }
    const send = !(await hasAccount(tx, email));
    const inviteId = await insertInvite(tx, userId, email, now);
    return { inviteId, send };
  });
}
