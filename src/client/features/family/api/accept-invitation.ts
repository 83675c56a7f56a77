import type { Family } from "@shared/schemas/family";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const acceptInvitation = (token: string) =>
  apiJson<Family>("POST", `/api/family/invitations/${encodeURIComponent(token)}/accept`);

/**
 * Joining moves the adult into another family: its children, carts, plan and usage replace what the cache
 * holds of their own, so everything but the signed-in user is reset (read again, never shown stale).
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (family) => {
      queryClient.setQueryData(queryKeys.family, family);
      return queryClient.resetQueries({
        predicate: (q) => q.queryKey[0] !== queryKeys.user[0] && q.queryKey[0] !== queryKeys.family[0],
      });
    },
  });
}
