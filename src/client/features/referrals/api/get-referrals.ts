import type { Referrals } from "@shared/schemas/referrals";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const getReferrals = () => apiJson<Referrals>("GET", "/api/referrals");

export const getReferralsQueryOptions = () => queryOptions({ queryKey: queryKeys.referrals, queryFn: getReferrals });

export function useReferrals({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getReferralsQueryOptions(), enabled });
}
