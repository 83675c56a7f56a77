/*
 * The server explains each submission for parents and staff (src/shared/rules/auto-approval.ts): "Needs a
 * parent: over the $5.00 auto-approval limit". A child reads the same fact in words a 9-year-old understands,
 * with every amount in dollars.
 */
const AMOUNT = String.raw`\$?([\d,]+\.\d{2})`;

const CHILD_WORDS: [RegExp, (...parts: string[]) => string][] = [
  [/^Needs a parent: every purchase needs approval$/, () => "Your parent wants to say yes to every purchase first."],
  [
    /^Needs a parent: (.+) is a restricted category$/,
    (category) => `Your parent needs to say yes to anything in ${category}.`,
  ],
  [
    /^Needs a parent: this month's plan purchases are used$/,
    () => "Your family has used all of this month's purchases, so your parent needs to say yes.",
  ],
  [
    new RegExp(`^Needs a parent: over (?:the|your) ${AMOUNT} auto-approval limit$`),
    (amount) => `Your parent needs to say yes because it costs more than $${amount}.`,
  ],
  [
    /^Needs a parent: would go over this month's budget$/,
    () => "Your parent needs to say yes because it costs more than you have left this month.",
  ],
  [
    new RegExp(`^Needs a parent: would go over the ${AMOUNT} monthly limit for (.+)$`),
    (amount, category) => `Your parent needs to say yes because it goes over your $${amount} a month for ${category}.`,
  ],
  [
    new RegExp(`^Approved automatically: under (?:the|your) ${AMOUNT} limit$`),
    (amount) => `Yes! It was approved right away because it costs $${amount} or less.`,
  ],
  // A rule added on the server before its child words are written here still reads kindly.
  [/^Needs a parent: /, () => "Your parent needs to say yes first."],
];

/** The child's words for the server's reason; a reason with no rule here is shown as the server wrote it. */
export function childReason(reason: string): string {
  for (const [pattern, words] of CHILD_WORDS) {
    const match = pattern.exec(reason);
    if (match) return words(...match.slice(1));
  }
  return reason;
}
