import type { UnsubscribeLink } from "@shared/schemas/notifications";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/unsubscribe/:token: which e-mails the link turns off, for which address; changes nothing. */
export const getUnsubscribeLink = (token: string) =>
  apiJson<UnsubscribeLink>("GET", `/api/unsubscribe/${encodeURIComponent(token)}`);

export const getUnsubscribeLinkQueryOptions = (token: string) =>
  queryOptions({ queryKey: queryKeys.unsubscribeLink(token), queryFn: () => getUnsubscribeLink(token) });

export function useUnsubscribeLink(token: string) {
  return useQuery(getUnsubscribeLinkQueryOptions(token));
}
