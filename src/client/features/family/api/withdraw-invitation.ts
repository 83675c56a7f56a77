import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const withdrawInvitation = async (invitationId: string) => {
  await apiRequest("DELETE", `/api/family/invitations/${encodeURIComponent(invitationId)}`);
};

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.family, exact: true }),
  });
}
