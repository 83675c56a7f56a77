import type { Family, GuardianUpdate } from "@shared/schemas/family";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const updateGuardian = (guardianId: string, input: GuardianUpdate) =>
  apiJson<Family>("PATCH", `/api/family/guardians/${encodeURIComponent(guardianId)}`, input);

export function useUpdateGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guardianId, ...input }: GuardianUpdate & { guardianId: string }) =>
      updateGuardian(guardianId, input),
    onSuccess: (family) => queryClient.setQueryData(queryKeys.family, family),
  });
}
