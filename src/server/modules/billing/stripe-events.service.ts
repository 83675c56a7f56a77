import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import type { FamilyBillingRow, PaidTier } from "../../db/schema";
import { isUuid } from "../../lib/http-errors";
import { completeExecutionsForEvent, insertExecutionsForEvent } from "../automations/automations.repository";
import { familyOfCustomer, newestInvoiceEvent, recordStripeEvent, stripeEventSeen } from "./billing.repository";
import { type BillingPatch, changeBilling } from "./billing.service";

/*
 * docs/decisions/150: Stripe's events, each applied once and in the order Stripe created them. The event's id
 * is recorded in the same transaction as its change, under the family's lock, so a redelivery (even one
 * racing the first) changes nothing; an event older than the state it would change is recorded as stale.
 */

export type EventOutcome = "applied" | "stale" | "ignored" | "duplicate";

/** Starts (on a first failure) and stops (on payment) the payment-recovery workflow. */
const PAYMENT_FAILED_EVENT = "payment.failed";

const idOf = (value: unknown): string | null =>
  typeof value === "string" ? value : value && typeof value === "object" && "id" in value ? String(value.id) : null;

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

function planOfPrice(app: FastifyInstance, priceId: string | undefined): PaidTier | null {
  const prices = app.stripeConfig?.prices;
  if (!prices || !priceId) return null;
  if (priceId === prices.family) return "family";
  if (priceId === prices.premium) return "premium";
  return null;
}

/** The subscription's state as the family's row keeps it. */
function subscriptionPatch(
  app: FastifyInstance,
  row: FamilyBillingRow,
  sub: Stripe.Subscription,
  deleted: boolean,
  created: Date,
): BillingPatch {
  const item = sub.items?.data?.[0];
  const status = deleted ? "canceled" : sub.status;
  const ended = status === "canceled" || status === "incomplete_expired";
  return {
    stripeSubscriptionId: sub.id,
    subscribedPlan: planOfPrice(app, item?.price?.id) ?? row.subscribedPlan,
    status,
    trialEndsAt: fromUnix(sub.trial_end),
    currentPeriodEnd: fromUnix(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end ?? false,
    // A family has one trial: any subscription it has had counts.
    trialUsedAt: row.trialUsedAt ?? created,
    stateAsOf: created,
    // A subscription that has ended has no payments left to fail.
    ...(ended && { paymentFailedAt: null, suspendedAt: null }),
  };
}

async function familyOf(app: FastifyInstance, event: Stripe.Event): Promise<string | null> {
  const object = event.data.object as unknown as Record<string, unknown>;
  const customer = idOf(object.customer);
  const known = customer ? await familyOfCustomer(app.database.db, customer) : null;
  if (known) return known;
  // The customer is made before checkout, so this is only a safety net for a session whose customer we lost.
  const reference = object.client_reference_id;
  return event.type === "checkout.session.completed" && typeof reference === "string" && isUuid(reference)
    ? reference
    : null;
}

/** The consent a completed one-off payment was for, when it was a parental consent's card check. */
function consentCardCheck(event: Stripe.Event): { consentId: string; paymentIntent: string | null } | null {
  if (event.type !== "checkout.session.completed") return null;
  const session = event.data.object;
  const consentId = session.metadata?.purpose === "parental_consent" ? session.metadata.consentId : undefined;
  if (session.mode !== "payment" || !consentId || !isUuid(consentId)) return null;
  return { consentId, paymentIntent: session.payment_status === "paid" ? idOf(session.payment_intent) : null };
}

/** Applies one verified event; answers what became of it. */
export async function receiveStripeEvent(
  app: FastifyInstance,
  event: Stripe.Event,
  origin: string,
): Promise<EventOutcome> {
  const { db } = app.database;
  if (await stripeEventSeen(db, event.id)) return "duplicate";
  const created = new Date(event.created * 1000);
  const cardCheck = consentCardCheck(event);
  if (cardCheck) {
    // A parent's card check for a child's consent (docs/decisions/157), not a subscription.
    const outcome = await app.consents.receiveCardCheck(cardCheck.consentId, cardCheck.paymentIntent, origin);
    const familyId = await familyOf(app, event);
    await recordStripeEvent(db, { id: event.id, type: event.type, created, familyId, outcome });
    return outcome;
  }
  const familyId = await familyOf(app, event);
  const record = { id: event.id, type: event.type, created };
  if (!familyId) {
    await recordStripeEvent(db, { ...record, familyId: null, outcome: "ignored" });
    return "ignored";
  }

  let outcome: EventOutcome = "ignored";
  try {
    await changeBilling(app, familyId, async (row, tx) => {
      const now = app.now();
      let patch: BillingPatch | null = null;
      let recovery: "start" | "stop" | null = null;
      const object = event.data.object as unknown as Record<string, unknown>;
      const staleSubscription = row.stateAsOf !== null && created < row.stateAsOf;
      switch (event.type) {
        case "customer.subscription.created":
        case "customer.subscription.updated":
        case "customer.subscription.deleted":
        case "customer.subscription.paused":
        case "customer.subscription.resumed":
          outcome = staleSubscription ? "stale" : "applied";
          if (!staleSubscription) {
            patch = subscriptionPatch(
              app,
              row,
              event.data.object as Stripe.Subscription,
              event.type === "customer.subscription.deleted",
              created,
            );
          }
          break;
        case "checkout.session.completed":
          outcome = "applied";
          patch = {
            stripeCustomerId: row.stripeCustomerId ?? idOf(object.customer),
            stripeSubscriptionId: row.stripeSubscriptionId ?? idOf(object.subscription),
          };
          break;
        case "invoice.payment_failed":
        case "invoice.paid":
        case "invoice.payment_succeeded": {
          const newest = await newestInvoiceEvent(tx, familyId);
          if (newest && created < newest) {
            outcome = "stale";
            break;
          }
          outcome = "applied";
          if (event.type === "invoice.payment_failed") {
            patch = { paymentFailedAt: row.paymentFailedAt ?? created };
            if (!row.paymentFailedAt) recovery = "start";
          } else if (row.paymentFailedAt || row.suspendedAt) {
            patch = { paymentFailedAt: null, suspendedAt: null };
            recovery = "stop";
          }
          break;
        }
      }
      const first = await recordStripeEvent(tx, { ...record, familyId, outcome });
      if (!first) {
        outcome = "duplicate";
        return { patch: null };
      }
      // In the same transaction, so the recovery starts (or stops) exactly when the failure is recorded; the
      // automations' sweep takes the new execution within 30 s.
      if (recovery === "start")
        await insertExecutionsForEvent(tx, { event: PAYMENT_FAILED_EVENT, userId: familyId, now });
      if (recovery === "stop") {
        await completeExecutionsForEvent(tx, {
          event: PAYMENT_FAILED_EVENT,
          userId: familyId,
          now,
          reason: "The payment went through",
        });
      }
      return { patch };
    });
  } catch (err) {
    // Two deliveries of one event raced past the first check: the loser's insert of the id is refused.
    if (await stripeEventSeen(db, event.id)) return "duplicate";
    throw err;
  }
  return outcome;
}
