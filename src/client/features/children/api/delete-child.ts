import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { childQueryKey } from "./get-child";
import { childrenQueryKey } from "./get-children";

export const deleteChild = async (childId: string) => {
  await apiRequest("DELETE", `/api/children/${encodeURIComponent(childId)}`);
};

export function useDeleteChild(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteChild(childId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: childQueryKey(childId) });
      return queryClient.invalidateQueries({ queryKey: childrenQueryKey, exact: true });
    },
  });
}
