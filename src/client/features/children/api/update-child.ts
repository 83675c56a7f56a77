import type { Child, ChildUpdate } from "@shared/schemas/children";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { childQueryKey } from "./get-child";
import { childrenQueryKey } from "./get-children";

export const updateChild = (childId: string, input: ChildUpdate) =>
  apiJson<Child>("PATCH", `/api/children/${encodeURIComponent(childId)}`, input);

export function useUpdateChild(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChildUpdate) => updateChild(childId, input),
    onSuccess: (child) => {
      queryClient.setQueryData(childQueryKey(childId), child);
      return queryClient.invalidateQueries({ queryKey: childrenQueryKey, exact: true });
    },
  });
}
