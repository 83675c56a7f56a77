import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** DELETE /api/children/{id}/consent: ends the consent and, with it, every session and device of the child. */
export const withdrawChildConsent = (childId: string) =>
  apiJson<null>("DELETE", `/api/children/${encodeURIComponent(childId)}/consent`);

export function useWithdrawChildConsent(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawChildConsent(childId),
    // The child's key covers its records and devices (all ended); the list shows the new status.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.child(childId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.children, exact: true }),
      ]),
  });
}
