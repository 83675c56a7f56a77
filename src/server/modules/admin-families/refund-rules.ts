import { CHARGES_SHOWN_DAYS, REFUND_WINDOW_DAYS } from "../../../shared/schemas/admin-families";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ChargeFacts {
  amount: number;
  amountRefunded: number;
  created: Date;
}

export const TOO_OLD = `This charge is older than ${REFUND_WINDOW_DAYS} days, so it can no longer be refunded.`;
export const ALREADY_REFUNDED = "This charge has already been refunded in full.";

/**
 * The legal pages' rule: a charge can be refunded within 30 days of being made, up to what is left of it.
 * Answers why not, or null when it can be.
 */
export function whyNotRefundable(charge: ChargeFacts, now: Date): string | null {
  if (charge.amountRefunded >= charge.amount) return ALREADY_REFUNDED;
  if (now.getTime() - charge.created.getTime() > REFUND_WINDOW_DAYS * DAY_MS) return TOO_OLD;
  return null;
}

/** A family's page lists the charges of the last 90 days. */
export const isShownCharge = (created: Date, now: Date) =>
  now.getTime() - created.getTime() <= CHARGES_SHOWN_DAYS * DAY_MS;
