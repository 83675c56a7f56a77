import type { Usage } from "@shared/schemas/usage";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** spec 000 §7: the one read that is polled, every 30 s. */
export const USAGE_POLL_MS = 30_000;

/** GET /api/usage: the signed-in parent's plan and this month's purchases against its limit. */
export const getUsage = () => apiJson<Usage>("GET", "/api/usage");

export const getUsageQueryOptions = () => queryOptions({ queryKey: queryKeys.usage, queryFn: getUsage });

/** The nudge polls (`poll`); the Parent Center reads the same cached record. */
export function useUsage({ enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery({ ...getUsageQueryOptions(), enabled, refetchInterval: enabled && poll ? USAGE_POLL_MS : false });
}
