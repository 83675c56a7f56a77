import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { formatCents, parseCents } from "../../../shared/rules/money";
import {
  type AdminFamily,
  CHARGE_NOT_FOUND,
  type Charge,
  FAMILY_NOT_FOUND,
  type Refund,
  type RefundRequest,
} from "../../../shared/schemas/admin-families";
import type { AdminUser } from "../../../shared/schemas/staff";
import type { SubscriptionTier } from "../../../shared/schemas/usage";
import { badRequest, codedError, HttpError, isUuid, notFound } from "../../lib/http-errors";
import { parentName } from "../auth/users.repository";
import { familyBilling, recordStaffAction, setStaffPlan, stripeCustomerOf } from "../billing/billing.service";
import { familyGuardiansOf, findFamily, listAudit, referralsOf, toAuditEntry } from "./admin-families.repository";
import { isShownCharge, whyNotRefundable } from "./refund-rules";

/* docs/decisions/155: what staff read and change about a family. */

export const PAYMENTS_OFF_FOR_REFUNDS =
  "Payments are not configured on this server, so there are no charges to refund.";
/** A family page shows this many staff changes; the whole log is under GET /api/admin/audit. */
const AUDIT_SHOWN = 50;
/** Charges asked of Stripe for a family's page (then kept to the last 90 days). */
const CHARGES_LISTED = 20;
/**
 * Charges searched for the one a refund names. A family pays at most monthly, so 100 charges reach back
 * years, far past the 30 days a refund is allowed; listing by customer also proves the charge is the family's.
 */
const CHARGES_SEARCHED = 100;

const staffOf = (admin: AdminUser) => ({ id: admin.id, email: admin.email });

/** Unknown and malformed ids alike answer 404 (docs/product-contract.md "Answers and errors"). */
async function requireFamily(app: FastifyInstance, familyId: string) {
  const family = isUuid(familyId) ? await findFamily(app.database.db, familyId) : null;
  if (!family) throw notFound(FAMILY_NOT_FOUND);
  return family;
}

function toCharge(charge: Stripe.Charge, now: Date): Charge {
  const reason = whyNotRefundable(
    { amount: charge.amount, amountRefunded: charge.amount_refunded, created: new Date(charge.created * 1000) },
    now,
  );
  return {
    id: charge.id,
    amount: formatCents(charge.amount),
    amountRefunded: formatCents(charge.amount_refunded),
    currency: charge.currency,
    created: new Date(charge.created * 1000).toISOString(),
    description: charge.description ?? null,
    refunded: charge.refunded,
    refundable: reason === null,
    notRefundableReason: reason,
  };
}

/** Stripe's refusals name what is wrong with the request; anything else is Stripe being unreachable. */
function fromStripe(error: unknown): never {
  if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
    throw new HttpError(409, `Stripe refused this: ${error.message}`);
  }
  throw new HttpError(502, "Stripe could not be reached. Please try again in a moment.");
}

async function chargesOf(stripe: Stripe, customer: string, limit: number) {
  try {
    return (await stripe.charges.list({ customer, limit })).data;
  } catch (error) {
    fromStripe(error);
  }
}

export async function familyDetail(app: FastifyInstance, familyId: string): Promise<AdminFamily> {
  const family = await requireFamily(app, familyId);
  const { db } = app.database;
  const [guardians, billing, referred, audit, customer] = await Promise.all([
    familyGuardiansOf(db, familyId),
    familyBilling(app, familyId),
    referralsOf(db, familyId),
    listAudit(db, { familyId, limit: AUDIT_SHOWN }),
    stripeCustomerOf(app, familyId),
  ]);
  const now = app.now();
  const charges =
    app.stripe && customer
      ? (await chargesOf(app.stripe, customer, CHARGES_LISTED))
          .filter((c) => isShownCharge(new Date(c.created * 1000), now))
          .map((c) => toCharge(c, now))
      : null;
  return {
    id: family.id,
    ownerEmail: family.email,
    ownerName: parentName(family),
    createdAt: family.createdAt.toISOString(),
    guardians,
    childrenCount: family.childrenCount,
    billing,
    staffPlan: family.staffPlan ?? null,
    referrals: referred,
    audit: audit.slice(0, AUDIT_SHOWN).map(toAuditEntry),
    charges,
    paymentsConfigured: app.stripe !== null,
  };
}

export async function setFamilyPlan(app: FastifyInstance, familyId: string, plan: SubscriptionTier, admin: AdminUser) {
  await requireFamily(app, familyId);
  await setStaffPlan(app, familyId, plan, staffOf(admin));
  return familyDetail(app, familyId);
}

/**
 * Refunds all or part of one of the family's charges through Stripe, within the legal pages' 30 days.
 * The idempotency key names the charge, the amount and what was refunded of it before: a repeated click
 * (or a retry after a lost answer) makes one refund, while a deliberate second partial refund is a new one.
 */
export async function refundCharge(
  app: FastifyInstance,
  familyId: string,
  request: RefundRequest,
  admin: AdminUser,
): Promise<Refund> {
  const stripe = app.stripe;
  if (!stripe) throw codedError(409, "payments_not_configured", PAYMENTS_OFF_FOR_REFUNDS);
  await requireFamily(app, familyId);
  const customer = await stripeCustomerOf(app, familyId);
  if (!customer) throw notFound(CHARGE_NOT_FOUND);
  const charge = (await chargesOf(stripe, customer, CHARGES_SEARCHED)).find((c) => c.id === request.chargeId);
  if (!charge) throw notFound(CHARGE_NOT_FOUND);

  const created = new Date(charge.created * 1000);
  const reason = whyNotRefundable(
    { amount: charge.amount, amountRefunded: charge.amount_refunded, created },
    app.now(),
  );
  if (reason) throw new HttpError(409, reason);
  const left = charge.amount - charge.amount_refunded;
  const amount = request.amount === undefined ? left : parseCents(request.amount);
  if (amount < 1) throw badRequest("Amount must be more than 0.00", "amount");
  if (amount > left)
    throw badRequest(`Amount must be at most ${formatCents(left)}, what is left of this charge`, "amount");

  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      { charge: charge.id, amount },
      { idempotencyKey: `staff-refund:${charge.id}:${charge.amount_refunded}:${amount}` },
    );
  } catch (error) {
    fromStripe(error);
  }
  await recordStaffAction(app, {
    staff: staffOf(admin),
    action: "refund.create",
    familyId,
    details: {
      chargeId: charge.id,
      refundId: refund.id,
      amount: formatCents(refund.amount),
      currency: refund.currency,
      chargeCreated: created.toISOString(),
    },
  });
  return {
    id: refund.id,
    chargeId: charge.id,
    amount: formatCents(refund.amount),
    currency: refund.currency,
    status: refund.status ?? null,
    created: new Date(refund.created * 1000).toISOString(),
    refundedBy: admin.email,
  };
}
