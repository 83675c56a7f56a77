import { randomBytes } from "node:crypto";

/** Letters and digits a child will not confuse (no 0/O, 1/I); 32 symbols, so each byte maps without bias. */
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const LOGIN_CODE_LENGTH = 8;
/** docs/product-contract.md "Ownership and roles", child sign-in: single use, valid 15 minutes. */
export const LOGIN_CODE_TTL_MS = 15 * 60 * 1000;

export function newLoginCode(): string {
  return Array.from(randomBytes(LOGIN_CODE_LENGTH), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

/** Children type codes as they read them: any case, with spaces or a dash in the middle. */
export const normalizeLoginCode = (input: string) => input.toUpperCase().replace(/[\s-]/g, "");
