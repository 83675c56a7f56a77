import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const removeGuardian = async (guardianId: string) => {
  await apiRequest("DELETE", `/api/family/guardians/${encodeURIComponent(guardianId)}`);
};

export function useRemoveGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGuardian,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.family, exact: true }),
  });
}
