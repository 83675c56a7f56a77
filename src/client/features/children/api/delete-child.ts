import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const deleteChild = async (childId: string) => {
  await apiRequest("DELETE", `/api/children/${encodeURIComponent(childId)}`);
};

export function useDeleteChild(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteChild(childId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.child(childId) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.children, exact: true });
    },
  });
}
