/**
 * Stable names for refusals a client acts on (docs/decisions/136): the message is for people and may be
 * reworded; the code is for programs and never changes.
 */
export const ERROR_CODES = [
  "over_budget",
  "already_decided",
  "purchase_limit",
  "child_limit",
  "approval_limit",
  "owner_only",
  "not_approved",
  "payments_not_configured",
  "already_subscribed",
  "no_subscription",
  "merchant_disabled",
  "not_enough_left",
  "goal_limit",
  "lesson_locked",
  "consent_required",
  "consent_not_needed",
  "already_verified",
  "no_consent",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error whose message is safe to show; the error handler answers it with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
    readonly code?: ErrorCode,
  ) {
    super(message);
  }
}

/** An HttpError carrying one of the stable codes. */
export const codedError = (statusCode: number, code: ErrorCode, message: string) =>
  new HttpError(statusCode, message, undefined, code);

export const notFound = (message = "Not found") => new HttpError(404, message);
export const forbidden = (message = "Forbidden") => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unauthorized = () => new HttpError(401, "Unauthorized");
export const badRequest = (message: string, field?: string) =>
  new HttpError(400, message, field ? [{ field, message }] : undefined);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Malformed ids answer 404 like unknown ones (docs/product-contract.md "Answers and errors"), so check before querying. */
export const isUuid = (value: string) => UUID.test(value);
