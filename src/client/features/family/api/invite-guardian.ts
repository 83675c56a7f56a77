import type { GuardianInvite, PendingInvitation } from "@shared/schemas/family";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const inviteGuardian = (input: GuardianInvite) =>
  apiJson<PendingInvitation>("POST", "/api/family/guardians", input);

/** A new invitation replaces any open one to the same address, so the family's list is read again. */
export function useInviteGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteGuardian,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.family, exact: true }),
  });
}
