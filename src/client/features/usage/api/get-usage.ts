import type { Usage } from "@shared/schemas/usage";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api";

export const usageQueryKey = ["/api/usage"] as const;

/** spec 000 §7: the one read that is polled, every 30 s. */
export const USAGE_POLL_MS = 30_000;

export const getUsageQueryOptions = () =>
  queryOptions({ queryKey: usageQueryKey, queryFn: getQueryFn<Usage>({ on401: "returnNull" }) });

export function useUsage({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getUsageQueryOptions(), enabled, refetchInterval: enabled ? USAGE_POLL_MS : false });
}
