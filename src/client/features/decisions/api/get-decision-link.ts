import type { DecisionLink } from "@shared/schemas/notifications";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/decide/:token: the cart a one-tap link is about and what it would do; changes nothing. */
export const getDecisionLink = (token: string) =>
  apiJson<DecisionLink>("GET", `/api/decide/${encodeURIComponent(token)}`);

export const getDecisionLinkQueryOptions = (token: string) =>
  queryOptions({ queryKey: queryKeys.decisionLink(token), queryFn: () => getDecisionLink(token) });

export function useDecisionLink(token: string) {
  return useQuery(getDecisionLinkQueryOptions(token));
}
