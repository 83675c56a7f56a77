import type { FastifyInstance } from "fastify";
import { formatCents } from "../../../shared/rules/money";
import type { Cart, CartStatusUpdate } from "../../../shared/schemas/carts";
import type { DecisionLink, DecisionLinkGone } from "../../../shared/schemas/notifications";
import { HttpError } from "../../lib/http-errors";
import { sha256 } from "../../lib/tokens";
import type { Guardian } from "../../plugins/auth";
import { monthAmounts } from "../budget/budget";
import { type FoundDecisionLink, findDecisionLink, markDecisionTokenUsed } from "./decision-tokens.repository";
import { childFirstName, formatWhen, plainReason } from "./notification-mails";

export const UNKNOWN_LINK = "This link does not work. It may be incomplete, or no longer yours to use.";

/** A link that can no longer decide (410), with what the page needs to say why. */
export class DecisionLinkGoneError extends Error {
  constructor(readonly body: DecisionLinkGone) {
    super(body.message);
  }
}

const gone = (body: DecisionLinkGone) => new DecisionLinkGoneError(body);

/** The word for what was done; a completed cart was approved first. */
const decidedWord = (status: string) => (status === "declined" ? "declined" : "approved");

/**
 * Why a found link can no longer decide, or null while it can. Used: this link decided. Lapsed: the cart
 * was decided some other way (the other button, another guardian, the dashboard), it expired, or its total
 * is no longer the one the link was made for.
 */
function whyClosed(found: FoundDecisionLink, now: Date): DecisionLinkGone | null {
  const { token, cart } = found;
  const decidedAt = cart.decidedAt ?? cart.approvedAt ?? cart.declinedAt;
  if (cart.status !== "pending") {
    const byAnyone = cart.decidedBy !== null;
    const expired = !byAnyone && cart.status === "declined" && /^Expired/.test(cart.decisionNote ?? "");
    const who = cart.decidedBy === token.userId ? "You" : (found.deciderFirstName ?? "Another guardian");
    const when = decidedAt ? ` on ${formatWhen(decidedAt)}` : "";
    const message = expired
      ? `This request expired${when} before anyone decided, so it was declined.`
      : byAnyone
        ? `${who} already ${decidedWord(cart.status)} this${when}.`
        : `This request was already ${decidedWord(cart.status)}${when}.`;
    return {
      message,
      state: token.usedAt ? "used" : "lapsed",
      status: cart.status,
      decidedBy: byAnyone ? { firstName: found.deciderFirstName ?? "Another guardian" } : null,
      decidedAt: decidedAt?.toISOString() ?? null,
    };
  }
  const expiresAt = cart.expiresAt && cart.expiresAt < token.expiresAt ? cart.expiresAt : token.expiresAt;
  if (expiresAt <= now) {
    return {
      message: `This request expired on ${formatWhen(expiresAt)} before anyone decided.`,
      state: "lapsed",
      status: cart.status,
      decidedBy: null,
      decidedAt: null,
    };
  }
  if (token.total !== cart.total) {
    return {
      message: "This request has changed since the e-mail was sent. Sign in to see it as it is now.",
      state: "lapsed",
      status: cart.status,
      decidedBy: null,
      decidedAt: null,
    };
  }
  return null;
}

/** A token this server never issued, or one whose guardian has left the family: the same plain 410. */
const unknownLink = () => gone({ message: UNKNOWN_LINK, state: "unknown" });

/**
 * The carts' own decision (carts/cart-decisions.service's cartDecider), handed in where the app is put
 * together: carts queue notifications, so notifications may not import carts.
 */
export type CartDecider = (
  guardian: Guardian,
  cartId: string,
  input: CartStatusUpdate,
  idempotencyKey: string | undefined,
) => Promise<{ statusCode: number; body: Cart }>;

/**
 * docs/product-contract.md "Deciding from anywhere": what a one-tap link shows and does. Reading it changes
 * nothing (mail scanners open links); deciding goes through the carts' own decider, as that guardian, under
 * every rule of an ordinary decision (decision 133).
 */
export function linkDecider(app: FastifyInstance, decideCart: CartDecider) {
  const { db } = app.database;

  async function find(token: string) {
    const found = await findDecisionLink(db, sha256(token));
    return found?.guardian ? { ...found, guardian: found.guardian } : null;
  }

  async function describe(token: string): Promise<DecisionLink> {
    const found = await find(token);
    if (!found) throw unknownLink();
    const { token: row, cart, child } = found;
    const now = app.now();
    const closed = whyClosed(found, now);
    const { spent, budget } = monthAmounts(child, now);
    return {
      decision: row.decision === "approved" ? "approve" : "decline",
      state: closed ? (closed.state === "used" ? "used" : "lapsed") : "open",
      message: closed?.message ?? null,
      childName: childFirstName(child.name),
      retailer: cart.retailer,
      items: cart.items.map((item) => ({
        name: item.name,
        price: item.price,
        quantity: item.quantity,
        ...(item.url ? { url: item.url } : {}),
      })),
      total: formatCents(cart.total),
      budgetLeft: formatCents(Math.max(0, budget - spent)),
      reason: plainReason(cart.decisionReason),
      status: cart.status,
      expiresAt: cart.expiresAt?.toISOString() ?? null,
      decidedBy: closed?.decidedBy ?? null,
      decidedAt: closed?.decidedAt ?? null,
    };
  }

  async function decide(token: string, note: string | undefined): Promise<Cart> {
    const found = await find(token);
    if (!found) throw unknownLink();
    const closed = whyClosed(found, app.now());
    if (closed) throw gone(closed);
    const guardian: Guardian = {
      userId: found.guardian.userId,
      firstName: found.guardianFirstName,
      familyId: found.guardian.familyId,
      role: found.guardian.role,
      approvalLimit: found.guardian.approvalLimit,
    };
    let answer: { statusCode: number; body: Cart };
    try {
      answer = await decideCart(guardian, found.cart.id, { status: found.token.decision, note }, undefined);
    } catch (err) {
      if (!(err instanceof HttpError) || (err.statusCode !== 409 && err.statusCode !== 404)) throw err;
      // Decided or removed by someone else between our look and the decision: say so, as for a later visit.
      const now = await find(token);
      if (!now) throw unknownLink();
      const closedNow = whyClosed(now, app.now());
      if (closedNow) throw gone(closedNow);
      if (err.statusCode === 404) throw unknownLink();
      // The cart is still pending, so the 409 is the budget's: only a signed-in guardian may go over it.
      throw new HttpError(
        409,
        `${err.message.replace(/\s*Confirm to approve anyway\.$/, "")} Sign in to approve it anyway.`,
      );
    }
    await markDecisionTokenUsed(db, found.token.tokenHash, app.now());
    return answer.body;
  }

  return { describe, decide };
}
