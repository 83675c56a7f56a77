import { PAYMENTS_NOT_CONFIGURED } from "@shared/schemas/billing";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";

/** What a refused checkout or portal call means for the screen: each has its own way on. */
export type RefusalKind =
  | "payments_not_configured"
  | "already_subscribed"
  | "no_subscription"
  | "owner_only"
  | "failed";

export interface Refusal {
  kind: RefusalKind;
  message: string;
}

const KNOWN = new Set<RefusalKind>(["payments_not_configured", "already_subscribed", "no_subscription", "owner_only"]);

/** The server's code and message; the not-configured text is the shared one even if the body had none. */
export function billingRefusal(error: unknown, fallback: string): Refusal {
  const code = error instanceof ApiRequestError ? error.code : null;
  const kind = code && KNOWN.has(code as RefusalKind) ? (code as RefusalKind) : "failed";
  if (kind === "payments_not_configured") return { kind, message: PAYMENTS_NOT_CONFIGURED };
  return { kind, message: clientErrorMessage(error, fallback) };
}
