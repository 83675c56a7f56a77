import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import Stripe from "stripe";
import {
  type Account,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_TOKEN_INVALID,
  EMAIL_TAKEN,
  EMAIL_UNCHANGED,
  EXPORTS_PER_HOUR,
  NO_PASSWORD_DELETE,
  NO_PASSWORD_EMAIL,
  NO_PASSWORD_PASSWORD,
} from "../../../shared/schemas/account";
import type { UserRow } from "../../db/schema";
import { badRequest, HttpError, unauthorized } from "../../lib/http-errors";
import { randomToken, sha256 } from "../../lib/tokens";
import type { Guardian } from "../../plugins/auth";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { findUserById } from "../auth/users.repository";
import type { MailContent } from "../automations/mail-templates";
import { readBilling } from "../billing/billing.repository";
import {
  confirmEmailMail,
  emailChangedMail,
  emailChangeRequestedMail,
  familyDeletedForGuardianMail,
  familyDeletedMail,
  guardianLeftMail,
  guardianLeftOwnerMail,
  passwordChangedMail,
} from "./account.mail";
import {
  changePassword,
  claimEmailChange,
  endParentSessions,
  findOtherAccountWithEmail,
  findPendingEmailChange,
  replaceEmailChange,
  updateName,
} from "./account.repository";
import { deleteFamily, leaveFamily } from "./account-deletion";
import { type ExportScope, exportStream } from "./account-export";
import { queueNotices } from "./account-notices";

/** docs/decisions/156: a day to open the link, as people read mail at another address later. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Links sent in an hour, per account and per new address, so nobody's inbox can be flooded. */
export const EMAIL_CHANGES_PER_HOUR = 5;
export const EMAIL_CHANGE_WINDOW_MS = 60 * 60 * 1000;
/** The current password is counted as sign-in counts it (docs/decisions/121), under a scope of its own. */
export const PASSWORD_CHECK_SCOPE = "account-password";
const TOO_MANY_PASSWORD_TRIES = "Too many wrong passwords.";
const TOO_MANY_EMAIL_CHANGES = "Too many e-mail changes asked for.";
const EXPORT_WINDOW_MS = 60 * 60 * 1000;
const TOO_MANY_EXPORTS = `You can download your data ${EXPORTS_PER_HOUR} times an hour.`;
const STRIPE_UNREACHABLE =
  "We could not cancel your subscription with our payment provider, so nothing was deleted. Please try again in a few minutes.";
/** Subscription statuses with nothing left to cancel. */
const ENDED_SUBSCRIPTION = new Set(["canceled", "incomplete_expired"]);

const taken = () => new HttpError(409, EMAIL_TAKEN, [{ field: "email", message: EMAIL_TAKEN }]);

export function accountService(app: FastifyInstance, linkOrigin: string) {
  const { db } = app.database;
  const sending = new Set<Promise<void>>();

  /**
   * The confirmation link alone is sent straight after answering, not through the outbox: it carries a live
   * token, which is stored nowhere but as its hash, and a parent who gets no link asks again. Notices of what
   * changed go through the outbox (`queueNotices`), in the change's own transaction.
   */
  function send(log: FastifyBaseLogger, userId: string, to: string, mail: MailContent) {
    const sent = app.mailer
      .send({ to, date: app.now(), ...mail })
      .then(
        (detail) => log.info({ userId }, `Sent "${mail.subject}", ${detail}`),
        (err) => log.error({ err, userId }, `could not send "${mail.subject}"`),
      )
      .finally(() => sending.delete(sent));
    sending.add(sent);
  }

  async function userOf(userId: string) {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    return user;
  }

  async function toAccount(user: UserRow): Promise<Account> {
    const pending = await findPendingEmailChange(db, user.id, app.now());
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      hasPassword: user.passwordHash !== null,
      signsInWithProvider: user.oidcSubject !== null,
      pendingEmail: pending ? { email: pending.email, expiresAt: pending.expiresAt.toISOString() } : null,
    };
  }

  /** Wrong passwords are throttled per account and address as sign-ins are, so a left-open session cannot guess. */
  async function checkPassword(user: UserRow, password: string, ip: string, field: string) {
    const succeeded = await app.rateLimiter.reserveSignIn(PASSWORD_CHECK_SCOPE, user.id, ip, TOO_MANY_PASSWORD_TRIES);
    if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(CURRENT_PASSWORD_WRONG, field);
    await succeeded();
  }

  /**
   * Cancels the family's Stripe subscription before anything is deleted: a family must not go on paying for
   * data it no longer has, so when Stripe cannot be reached nothing is deleted. Answers whether one was cancelled.
   */
  async function cancelSubscription(familyId: string, log: FastifyBaseLogger) {
    const billing = await readBilling(db, familyId);
    const subscription = billing?.stripeSubscriptionId;
    if (!subscription || ENDED_SUBSCRIPTION.has(billing.status ?? "")) return false;
    if (!app.stripe) {
      // Payments were configured once and are not now: nothing here can cancel it, so staff must.
      log.error({ familyId, subscription }, "a deleted family's subscription could not be cancelled: payments are off");
      return false;
    }
    try {
      await app.stripe.subscriptions.cancel(subscription);
      return true;
    } catch (err) {
      // Already gone at Stripe: there is nothing to cancel.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing") return false;
      log.warn({ err, familyId }, "could not cancel a subscription before deleting the family");
      throw new HttpError(502, STRIPE_UNREACHABLE);
    }
  }

  return {
    async read(userId: string) {
      return toAccount(await userOf(userId));
    },

    async rename(userId: string, firstName: string, lastName: string) {
      const user = await updateName(db, userId, firstName, lastName, app.now());
      if (!user) throw unauthorized();
      return toAccount(user);
    },

    async requestEmailChange(
      userId: string,
      input: { email: string; password?: string | undefined },
      ctx: { ip: string; log: FastifyBaseLogger },
    ) {
      const user = await userOf(userId);
      if (!user.passwordHash) throw badRequest(NO_PASSWORD_EMAIL, "email");
      if (input.password === undefined) throw badRequest("Current password is required", "password");
      await checkPassword(user, input.password, ctx.ip, "password");
      // Only someone who knows the password learns whether an address is taken, which sign-up tells anyone.
      if (input.email === user.email.toLowerCase()) throw badRequest(EMAIL_UNCHANGED, "email");
      if (await findOtherAccountWithEmail(db, user.id, input.email)) throw taken();
      await app.rateLimiter.reserve(
        [`email-change:account:${user.id}`, `email-change:to:${input.email}`],
        EMAIL_CHANGES_PER_HOUR,
        EMAIL_CHANGE_WINDOW_MS,
        TOO_MANY_EMAIL_CHANGES,
      );
      const token = randomToken();
      const now = app.now();
      await replaceEmailChange(
        db,
        {
          userId: user.id,
          tokenHash: sha256(token),
          newEmail: input.email,
          now,
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
        },
        (tx) => queueNotices(tx, [{ email: user.email, mail: emailChangeRequestedMail(user.firstName, input.email) }]),
      );
      const link = `${linkOrigin}/account/confirm-email?token=${encodeURIComponent(token)}`;
      send(ctx.log, user.id, input.email, confirmEmailMail(user.firstName, link));
      app.notifications?.wake();
      return toAccount(user);
    },

    async confirmEmailChange(token: string) {
      const outcome = await claimEmailChange(db, sha256(token), app.now(), (tx, changed) => {
        const mail = emailChangedMail(changed.firstName, changed.oldEmail, changed.newEmail);
        return queueNotices(tx, [
          { email: changed.oldEmail, mail },
          { email: changed.newEmail, mail },
        ]);
      });
      if (outcome.kind === "invalid") throw badRequest(EMAIL_CHANGE_TOKEN_INVALID, "token");
      if (outcome.kind === "taken") throw taken();
      app.notifications?.wake();
      return { email: outcome.newEmail };
    },

    async changePassword(
      userId: string,
      input: { currentPassword: string; newPassword: string },
      ctx: { ip: string; sid: string; log: FastifyBaseLogger },
    ) {
      const user = await userOf(userId);
      if (!user.passwordHash) throw badRequest(NO_PASSWORD_PASSWORD, "currentPassword");
      await checkPassword(user, input.currentPassword, ctx.ip, "currentPassword");
      const passwordHash = await hashPassword(input.newPassword);
      await changePassword(db, { userId: user.id, passwordHash, keepSid: ctx.sid, now: app.now() }, (tx) =>
        queueNotices(tx, [{ email: user.email, mail: passwordChangedMail(user.firstName) }]),
      );
      app.notifications?.wake();
    },

    signOutEverywhere: (userId: string) => endParentSessions(db, userId),

    /** docs/decisions/158: the family's data as a stream, a few downloads an hour per adult. */
    async exportData(scope: ExportScope) {
      await app.rateLimiter.reserve(
        [`account-export:user:${scope.userId}`],
        EXPORTS_PER_HOUR,
        EXPORT_WINDOW_MS,
        TOO_MANY_EXPORTS,
      );
      return exportStream(db, scope, app.now());
    },

    /**
     * docs/decisions/158: the owner deletes the family and everything in it; any other guardian leaves the
     * family and deletes their own account. Both confirm with the password, checked as every password is.
     */
    async deleteAccount(guardian: Guardian, password: string, ctx: { ip: string; log: FastifyBaseLogger }) {
      const user = await userOf(guardian.userId);
      if (!user.passwordHash) throw badRequest(NO_PASSWORD_DELETE, "password");
      await checkPassword(user, password, ctx.ip, "password");
      const at = app.now();
      if (guardian.role !== "owner") {
        const left = await leaveFamily(db, guardian.familyId, user.id, (departed, owner) => [
          { email: departed.email, mail: guardianLeftMail(departed.firstName, at) },
          ...(owner ? [{ email: owner.email, mail: guardianLeftOwnerMail(owner.firstName, departed.email) }] : []),
        ]);
        if (!left) throw unauthorized();
        app.notifications?.wake();
        return;
      }
      const subscriptionCancelled = await cancelSubscription(guardian.familyId, ctx.log);
      const deleted = await deleteFamily(db, guardian.familyId, ({ owner, guardians, children }) => [
        {
          email: owner.email,
          mail: familyDeletedMail(owner.firstName, {
            at,
            children,
            guardians: guardians.length,
            subscriptionCancelled,
          }),
        },
        ...guardians.map((g) => ({ email: g.email, mail: familyDeletedForGuardianMail(g.firstName, owner.firstName) })),
      ]);
      if (!deleted) throw unauthorized();
      app.notifications?.wake();
    },

    /** Lets messages under way finish before the mailer closes. */
    settle: () => Promise.allSettled(sending),
  };
}
