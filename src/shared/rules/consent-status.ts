import type { ConsentStatus } from "../schemas/child-consents";
import { COPPA_AGE_LIMIT } from "./consent-steps";

/*
 * docs/product-contract.md "Privacy rights" and docs/decisions/157: how a child's consent status follows the
 * child's age and the parent's consent. Under 13, only a verified consent lets the child sign in.
 */

export const needsParentalConsent = (age: number) => age < COPPA_AGE_LIMIT;

export const consentStatusForNewChild = (age: number): ConsentStatus =>
  needsParentalConsent(age) ? "required" : "not_needed";

/** A child whose age changes: under 13 a consent is needed unless one exists; 13 and over none is. */
export function consentStatusAfterAgeChange(current: ConsentStatus, age: number): ConsentStatus {
  if (needsParentalConsent(age)) return current === "not_needed" ? "required" : current;
  return current === "verified" ? "verified" : "not_needed";
}

/** After the parent withdraws consent (or staff reject it): the child is back where consent is asked for. */
export const consentStatusWithoutConsent = (age: number): ConsentStatus =>
  needsParentalConsent(age) ? "required" : "not_needed";

/** Whether the child may have a sign-in code and sign in. */
export const maySignIn = (status: ConsentStatus) => status === "not_needed" || status === "verified";
