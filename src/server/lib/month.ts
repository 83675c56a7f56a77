/** "2026-11" for the UTC calendar month containing the date (docs/product-contract.md "Carts: the purchase flow": months reset on the 1st, UTC). */
export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export function startOfMonth(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}
