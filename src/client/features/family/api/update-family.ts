import type { Family, FamilyUpdate } from "@shared/schemas/family";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const updateFamily = (input: FamilyUpdate) => apiJson<Family>("PATCH", "/api/family", input);

/** The answer is the whole family, so the cache takes it as it is. */
export function useUpdateFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFamily,
    onSuccess: (family) => queryClient.setQueryData(queryKeys.family, family),
  });
}
