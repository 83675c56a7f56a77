import type { Usage } from "@shared/schemas/usage";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

// The same key as the usage nudge's query, so both read one cached record.
export const planUsageQueryKey = ["/api/usage"] as const;

export const getPlanUsage = () => apiJson<Usage>("GET", "/api/usage");

export const getPlanUsageQueryOptions = () => queryOptions({ queryKey: planUsageQueryKey, queryFn: getPlanUsage });

export function usePlanUsage() {
  return useQuery(getPlanUsageQueryOptions());
}
