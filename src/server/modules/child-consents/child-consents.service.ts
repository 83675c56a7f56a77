import type { FastifyInstance } from "fastify";
import { consentStatusWithoutConsent, maySignIn, needsParentalConsent } from "../../../shared/rules/consent-status";
import { PAYMENTS_NOT_CONFIGURED } from "../../../shared/schemas/billing";
import type { ChildConsentCreateSchema } from "../../../shared/schemas/child-consents";
import type { AdminUser } from "../../../shared/schemas/staff";
import type { Tx } from "../../db/client";
import type { ChildConsentRow, ChildRow } from "../../db/schema";
import { endChildSignIns } from "../../lib/child-sign-ins";
import { codedError, HttpError, notFound } from "../../lib/http-errors";
import type { MailContent } from "../automations/mail-templates";
import { insertStaffAudit } from "../billing/billing.repository";
import { inChildTransaction } from "../budget/budget";
import { queueNotification } from "../notifications/notifications";
import { consentReceivedMail, consentRejectedMail, consentVerifiedMail } from "./child-consents.mail";
import {
  decideConsent,
  findConsent,
  insertConsent,
  replaceUndecided,
  setCheckoutSession,
  setChildConsentStatus,
  withdrawChildConsents,
} from "./child-consents.repository";
import { newConsentReference } from "./consent-reference";

/*
 * docs/product-contract.md "Privacy rights"; docs/decisions/157. Every change of a consent and of its child's
 * status happens under the family's lock with the child's row locked (settings changes, which also write the
 * status, take the same locks), and decides a record only from the state it expects, so nothing is decided twice.
 */

export const CHILD_NOT_FOUND = "Child not found";
export const CONSENT_NOT_FOUND = "Consent not found";
/** The card check: a charge small enough to be harmless, refunded at once (Stripe's minimum is 50 cents). */
export const CARD_CHECK_CENTS = 50;
const CARD_CHECKER = "card check";

type ConsentInput = (typeof ChildConsentCreateSchema)["_output"];

const firstName = (fullName: string): string | null => fullName.trim().split(/\s+/)[0] ?? null;
const childFirstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function createConsentService(app: FastifyInstance, opts: { linkOrigin: (fallback: string) => string }) {
  const settingsLink = (origin: string, childId: string) => `${origin}/child/${childId}/settings`;
  const consentLink = (origin: string, childId: string) => `${origin}/coppa-consent?child=${childId}`;

  /** The mail goes with the change: it is in the outbox exactly when the change commits. */
  const notify = (tx: Tx, email: string, mail: MailContent) =>
    queueNotification(tx, { type: "account.notice", email, mail });
  const wake = () => app.notifications?.wake();

  /** A parent's consent for a child under 13: waiting for staff, or for the card check's payment. */
  async function start(
    familyId: string,
    givenBy: string,
    childId: string,
    input: ConsentInput,
    requestOrigin: string,
  ): Promise<{ consent: ChildConsentRow; checkoutUrl: string | null }> {
    const origin = opts.linkOrigin(requestOrigin);
    const byCard = input.verificationMethod === "credit-card";
    const stripe = app.stripe;
    if (byCard && !stripe) throw codedError(409, "payments_not_configured", PAYMENTS_NOT_CONFIGURED);
    const now = app.now();
    const { consent, child } = await inChildTransaction(
      app,
      familyId,
      childId,
      CHILD_NOT_FOUND,
      async (tx, { child }) => {
        const name = childFirstName(child.name);
        if (!needsParentalConsent(child.age)) {
          throw codedError(409, "consent_not_needed", `${name} is 13 or over, so no parental consent is needed.`);
        }
        if (child.consentStatus === "verified") {
          throw codedError(409, "already_verified", `Your consent for ${name} is already verified.`);
        }
        await replaceUndecided(tx, child.id, now);
        const consent = await insertConsent(tx, {
          familyId,
          childId: child.id,
          givenBy,
          reference: newConsentReference(),
          fullName: input.fullName,
          email: input.email,
          phone: input.phone,
          relationship: input.relationship,
          method: input.verificationMethod,
          signature: byCard ? null : (input.signature ?? null),
          dataCollection: input.dataCollection,
          educational: input.educational,
          thirdParty: input.thirdParty,
          marketing: input.marketing,
          status: byCard ? "awaiting_payment" : "pending",
          createdAt: now,
        });
        await setChildConsentStatus(tx, child.id, "pending", now);
        if (!byCard) {
          const mail = consentReceivedMail(
            firstName(input.fullName),
            name,
            consent.reference,
            settingsLink(origin, child.id),
          );
          await notify(tx, input.email, mail);
        }
        return { consent, child };
      },
    );
    wake();
    if (!byCard || !stripe) return { consent, checkoutUrl: null };

    try {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          customer_email: input.email,
          client_reference_id: familyId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: CARD_CHECK_CENTS,
                product_data: {
                  name: `Parental consent card check for ${childFirstName(child.name)} (refunded at once)`,
                },
              },
            },
          ],
          metadata: { purpose: "parental_consent", consentId: consent.id },
          payment_intent_data: { metadata: { purpose: "parental_consent", consentId: consent.id } },
          success_url: `${consentLink(origin, child.id)}&checked=${consent.id}`,
          cancel_url: consentLink(origin, child.id),
        },
        { idempotencyKey: `consent-${consent.id}` },
      );
      if (!session.url) throw new Error("Checkout session without a url");
      await setCheckoutSession(app.database.db, consent.id, session.id);
      return { consent: { ...consent, checkoutSessionId: session.id }, checkoutUrl: session.url };
    } catch (err) {
      app.log.error({ err }, "Stripe refused to open the consent card check");
      // Nothing waits for a payment that cannot happen: the record is set aside and the child is as before.
      await inChildTransaction(app, familyId, child.id, CHILD_NOT_FOUND, async (tx, { child: locked }) => {
        const dropped = await decideConsent(tx, consent.id, "awaiting_payment", "replaced", { decidedAt: app.now() });
        if (dropped && locked.consentStatus === "pending") {
          await setChildConsentStatus(tx, child.id, consentStatusWithoutConsent(locked.age), app.now());
        }
      });
      throw new HttpError(502, "The payment service did not answer. Please try again in a moment.");
    }
  }

  /** Verified: the child (locked by the caller) may sign in. Answers whether this call verified it. */
  async function verify(
    tx: Tx,
    consent: ChildConsentRow,
    child: ChildRow,
    from: "pending" | "awaiting_payment",
    decidedBy: string,
  ) {
    const now = app.now();
    const decided = await decideConsent(tx, consent.id, from, "verified", { decidedAt: now, decidedBy });
    if (!decided) return false;
    if (!maySignIn(child.consentStatus)) await setChildConsentStatus(tx, child.id, "verified", now);
    return true;
  }

  /**
   * Stripe's checkout.session.completed for a card check: the charge is refunded first (once, by its
   * idempotency key, so a retried webhook refunds nothing twice), then the consent is verified. A payment
   * for a consent replaced meanwhile is refunded all the same.
   */
  async function receiveCardCheck(consentId: string, paymentIntentId: string | null, origin: string) {
    const consent = await findConsent(app.database.db, consentId);
    if (!consent) return "ignored" as const;
    if (paymentIntentId && app.stripe) {
      try {
        await app.stripe.refunds.create(
          { payment_intent: paymentIntentId, reason: "requested_by_customer" },
          { idempotencyKey: `consent-refund-${consent.id}` },
        );
      } catch (err) {
        // Not verified without the refund: answering an error makes Stripe deliver the event again later.
        app.log.error({ err, consentId }, "could not refund a consent card check");
        throw new HttpError(503, "The card check could not be refunded yet; deliver the event again later.");
      }
    }
    const { familyId, childId } = consent;
    const done = await inChildTransaction(app, familyId, childId, CONSENT_NOT_FOUND, async (tx, { child }) => {
      if (!(await verify(tx, consent, child, "awaiting_payment", CARD_CHECKER))) return false;
      const name = childFirstName(child.name);
      const link = settingsLink(opts.linkOrigin(origin), child.id);
      await notify(tx, consent.email, consentVerifiedMail(firstName(consent.fullName), name, consent.reference, link));
      return true;
    });
    if (done) wake();
    return done ? ("applied" as const) : ("ignored" as const);
  }

  async function review(
    id: string,
    admin: AdminUser,
    decision: "accept" | "reject",
    reason: string | null,
    origin: string,
  ) {
    const consent = await findConsent(app.database.db, id);
    if (!consent) throw notFound(CONSENT_NOT_FOUND);
    await inChildTransaction(app, consent.familyId, consent.childId, CONSENT_NOT_FOUND, async (tx, { child }) => {
      const now = app.now();
      const name = childFirstName(child.name);
      const base = opts.linkOrigin(origin);
      if (decision === "accept") {
        if (!(await verify(tx, consent, child, "pending", admin.email))) throw alreadyDecided();
        await notify(
          tx,
          consent.email,
          consentVerifiedMail(firstName(consent.fullName), name, consent.reference, settingsLink(base, child.id)),
        );
      } else {
        const rejected = await decideConsent(tx, consent.id, "pending", "rejected", {
          decidedAt: now,
          decidedBy: admin.email,
          rejectionReason: reason,
        });
        if (!rejected) throw alreadyDecided();
        if (child.consentStatus === "pending") {
          await setChildConsentStatus(tx, child.id, consentStatusWithoutConsent(child.age), now);
        }
        await notify(
          tx,
          consent.email,
          consentRejectedMail(
            firstName(consent.fullName),
            name,
            consent.reference,
            reason ?? "",
            consentLink(base, child.id),
          ),
        );
      }
      await insertStaffAudit(tx, {
        adminId: admin.id,
        adminEmail: admin.email,
        action: `consent.${decision}`,
        familyId: consent.familyId,
        details: { consentId: consent.id, reference: consent.reference, childName: name, ...(reason && { reason }) },
        createdAt: now,
      });
    });
    wake();
  }

  /** A parent withdraws consent: the records say so, and the child is signed out everywhere at once. */
  async function withdraw(familyId: string, childId: string) {
    await inChildTransaction(app, familyId, childId, CHILD_NOT_FOUND, async (tx, { child }) => {
      const now = app.now();
      const withdrawn = await withdrawChildConsents(tx, child.id, now);
      if (!withdrawn.length) {
        throw codedError(409, "no_consent", `There is no consent for ${childFirstName(child.name)} to withdraw.`);
      }
      await setChildConsentStatus(tx, child.id, consentStatusWithoutConsent(child.age), now);
      await endChildSignIns(tx, child.id);
    });
  }

  return {
    start,
    receiveCardCheck,
    accept: (id: string, admin: AdminUser, origin: string) => review(id, admin, "accept", null, origin),
    reject: (id: string, admin: AdminUser, reason: string, origin: string) =>
      review(id, admin, "reject", reason, origin),
    withdraw,
  };
}

const alreadyDecided = () => codedError(409, "already_decided", "This consent has already been decided.");

export type ConsentService = ReturnType<typeof createConsentService>;
