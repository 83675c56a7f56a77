import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";

export const chorePath = (choreId: string) => `/api/chores/${encodeURIComponent(choreId)}`;

/** Runs after a change succeeds, even when the refresh removes the control that started it. */
export interface ChoreMutationOptions {
  onDone?: () => void;
}

/**
 * Chore changes reach the child's chores, budget (confirmed rewards) and badges, all under the child's key,
 * and the children list's budgets.
 */
export function useChoreMutation<T>(
  childId: string,
  fn: (arg: T) => Promise<unknown>,
  { onDone }: ChoreMutationOptions,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      onDone?.();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.child(childId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.children, exact: true }),
      ]);
    },
  });
}
