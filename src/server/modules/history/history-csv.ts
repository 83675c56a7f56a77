import { isExpiredCart } from "../../../shared/rules/decision-words";
import type { HistoryCart } from "../../../shared/schemas/history";

/* docs/decisions/161: the history as a spreadsheet a parent can open safely. */

export const CSV_HEADER = [
  "Asked at",
  "Child",
  "Store",
  "Items",
  "Categories",
  "Total",
  "Status",
  "Decided by",
  "Decided at",
  "Why",
  "Order number",
] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some strip first)
 * as a formula; what a child or a store wrote is never run, so such a cell is prefixed with a single quote
 * (OWASP "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | null | undefined): string {
  const text = value ?? "";
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: (string | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** Why it was decided so: the guardian's note, else the server's reason (auto-approval, expiry). */
const why = (cart: HistoryCart) => cart.decisionNote ?? cart.decisionReason;

function status(cart: HistoryCart): string {
  return isExpiredCart(cart) ? "expired" : cart.status;
}

function decider(cart: HistoryCart): string {
  if (cart.decidedBy) return cart.decidedBy.firstName ?? "A guardian";
  if (cart.status === "pending") return "";
  return isExpiredCart(cart) ? "Nobody (expired)" : "Automatic";
}

/** One cart as a CSV line; money as "12.50", dates as ISO 8601 (UTC). */
export function cartCsvLine(cart: HistoryCart): string {
  const categories = [...new Set(cart.items.map((i) => i.category ?? cart.tag).filter((c) => c))];
  return csvLine([
    cart.createdAt,
    cart.childName,
    cart.retailer,
    cart.items.map((i) => (i.quantity > 1 ? `${i.quantity} x ${i.name}` : i.name)).join("; "),
    categories.join("; "),
    cart.total,
    status(cart),
    decider(cart),
    cart.decidedAt ?? cart.approvedAt,
    why(cart),
    cart.orderNumber,
  ]);
}
