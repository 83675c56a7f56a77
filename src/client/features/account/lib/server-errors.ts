import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";

export const GENERIC_FAILURE = "Something went wrong. Please try again.";

/**
 * Puts the server's field messages on the form's fields; answers the message to show above the button
 * when none of them named a field (a 429, a network failure), or null.
 */
export function placeServerError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : {};
  let placed = false;
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message) {
      setError(field, { type: "server", message });
      placed = true;
    }
  }
  return placed ? null : clientErrorMessage(error, GENERIC_FAILURE);
}
