import type { Usage } from "@shared/schemas/usage";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { usageQueryKey } from "./get-usage";

// spec 000 §7: both calls send a JSON content type and no body.
const JSON_NO_BODY = { "Content-Type": "application/json" };

async function postUsage(path: string): Promise<Usage> {
  const res = await apiRequest("POST", path, undefined, JSON_NO_BODY);
  return (await res.json()) as Usage;
}

export const dismissNudge = () => postUsage("/api/usage/dismiss-nudge");
export const recordUpgradeClick = () => postUsage("/api/usage/upgrade-click");

/** Each answers the new usage record; the usage read is refreshed either way (spec 000 §4). */
function useUsageAction(fn: () => Promise<Usage>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (usage) => queryClient.setQueryData(usageQueryKey, usage),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usageQueryKey }),
  });
}

export const useDismissNudge = () => useUsageAction(dismissNudge);
export const useRecordUpgradeClick = () => useUsageAction(recordUpgradeClick);
