import type { Usage } from "@shared/schemas/usage";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

// spec 000 §7: both nudge calls send a JSON content type and no body.
const JSON_NO_BODY = { "Content-Type": "application/json" };

export async function postUsage(path: string): Promise<Usage> {
  const res = await apiRequest("POST", path, undefined, JSON_NO_BODY);
  return (await res.json()) as Usage;
}

/** Each answers the new usage record; the usage read is refreshed either way (spec 000 §4). */
export function useUsageAction(fn: () => Promise<Usage>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (usage) => queryClient.setQueryData(queryKeys.usage, usage),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.usage }),
  });
}
