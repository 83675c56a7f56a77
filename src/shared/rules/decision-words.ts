import type { CartStatus } from "../schemas/carts";
import { EXPIRED_NOTE } from "./approval-window";

/** What a list needs of a cart to say who decided it. */
export interface DecidedCart {
  status: CartStatus;
  decidedBy: { firstName: string | null } | null;
  decisionNote: string | null;
}

/** docs/product-contract.md "Deciding from anywhere": an expiry is a decline nobody made, with the contract's note. */
export const isExpiredCart = (cart: DecidedCart) =>
  cart.status === "declined" && cart.decidedBy === null && cart.decisionNote === EXPIRED_NOTE;

/**
 * "Approved by Gabe", "Declined by Olivia" or "Expired" for a decided cart, so a family with several guardians
 * sees who answered; null while it waits and when the rules approved it at once (its reason says so).
 */
export function decidedByWords(cart: DecidedCart): string | null {
  if (isExpiredCart(cart)) return "Expired";
  if (!cart.decidedBy || cart.status === "pending") return null;
  // A guardian who gave no first name is still a person who decided.
  const who = cart.decidedBy.firstName || "a parent";
  return cart.status === "declined" ? `Declined by ${who}` : `Approved by ${who}`;
}
