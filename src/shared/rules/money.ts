// docs/product-contract.md "Money": amounts travel as two-decimal strings and are computed in integer cents.
export const AMOUNT_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

export type Cents = number;

export function isAmount(value: string): boolean {
  return AMOUNT_PATTERN.test(value);
}

/** Parses "12.5" or "12.50" into 1250. Throws on anything that is not a valid amount. */
export function parseCents(value: string): Cents {
  if (!AMOUNT_PATTERN.test(value)) {
    throw new RangeError(`Not a valid amount: ${JSON.stringify(value)}`);
  }
  const [whole = "0", fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Formats 1250 as "12.50"; negative amounts keep their sign. */
export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Not a whole number of cents: ${cents}`);
  }
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0");
  return `${sign}${whole}.${fraction}`;
}

/** Parses what PostgreSQL returns for numeric(10,2), which may carry a sign. */
export function parseNumericCents(value: string): Cents {
  const negative = value.startsWith("-");
  const cents = parseCents(negative ? value.slice(1) : value);
  return negative ? -cents : cents;
}

/** "$12.50" for screens. */
export function formatDollars(cents: Cents): string {
  const text = formatCents(Math.abs(cents));
  const [whole = "0", fraction] = text.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${cents < 0 ? "-" : ""}$${grouped}.${fraction}`;
}

/** Percentage of budget spent, 0 when there is no budget. */
export function percentSpent(spent: Cents, budget: Cents): number {
  if (budget <= 0) return spent > 0 ? 100 : 0;
  return (spent / budget) * 100;
}
