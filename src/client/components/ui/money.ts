import { formatDollars, parseNumericCents } from "@shared/rules/money";

/** Cents of an amount as the API sends it ("12.50"); 0 for anything unreadable. */
export function toCents(amount: string | null | undefined): number {
  if (!amount) return 0;
  try {
    return parseNumericCents(amount);
  } catch {
    return 0;
  }
}

/** What a person typed as an amount, as the API takes it: "$12.50", " $ 12.50 " and "12.50" are the same. */
export function amountInput(text: string): string {
  return text.trim().replace(/^\$\s*/, "");
}

/** "$12.50" from the API's "12.50". */
export function formatAmount(amount: string | null | undefined): string {
  return formatDollars(toCents(amount));
}

/** What is left of a budget, or by how much it was passed (a parent may approve over budget): "$4.00" / "left". */
export function budgetLeft(leftCents: number): { amount: string; word: "left" | "over budget" } {
  return leftCents < 0
    ? { amount: formatDollars(-leftCents), word: "over budget" }
    : { amount: formatDollars(leftCents), word: "left" };
}
