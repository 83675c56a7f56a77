import type { Child, ChildUpdate } from "@shared/schemas/children";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const updateChild = (childId: string, input: ChildUpdate) =>
  apiJson<Child>("PATCH", `/api/children/${encodeURIComponent(childId)}`, input);

export function useUpdateChild(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChildUpdate) => updateChild(childId, input),
    onSuccess: (child) => {
      queryClient.setQueryData(queryKeys.child(childId), child);
      return queryClient.invalidateQueries({ queryKey: queryKeys.children, exact: true });
    },
  });
}
