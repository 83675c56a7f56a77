import { randomInt } from "node:crypto";

/** Crockford's base 32 without I, L, O and U: nothing a parent reading it out can mistake. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A reference a parent and staff can quote, e.g. "PWC-7K3M-Q9XD": 40 random bits, unique by index. */
export function newConsentReference(): string {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `PWC-${part()}-${part()}`;
}
