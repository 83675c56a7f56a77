import type { Invitation } from "@shared/schemas/family";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** Public: what an invitation link offers, before anyone signs in. */
export const getInvitation = (token: string) =>
  apiJson<Invitation>("GET", `/api/family/invitations/${encodeURIComponent(token)}`);

export const getInvitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: queryKeys.familyInvitation(token), queryFn: () => getInvitation(token) });

export function useInvitation(token: string) {
  return useQuery(getInvitationQueryOptions(token));
}
