import type { ChildConsent } from "@shared/schemas/child-consents";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { childConsentKey } from "./child-consent-keys";

/** GET /api/children/{id}/consents: every consent given for the child, newest first. */
export const getChildConsents = (childId: string) =>
  apiJson<ChildConsent[]>("GET", `/api/children/${encodeURIComponent(childId)}/consents`);

export const getChildConsentsQueryOptions = (childId: string) =>
  queryOptions({ queryKey: childConsentKey(childId), queryFn: () => getChildConsents(childId) });

/** Asks again every `pollMs` while `pollWhile` holds: a card check waits for Stripe's webhook to verify it. */
export function useChildConsents(
  childId: string,
  { pollMs = 0, pollWhile }: { pollMs?: number; pollWhile?: (consents: ChildConsent[] | undefined) => boolean } = {},
) {
  return useQuery({
    ...getChildConsentsQueryOptions(childId),
    refetchInterval: (query) => (pollMs > 0 && pollWhile?.(query.state.data) ? pollMs : false),
  });
}
