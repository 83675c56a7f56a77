import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";

export const goalPath = (goalId: string) => `/api/goals/${encodeURIComponent(goalId)}`;

/** Runs after a change succeeds, even when the refresh removes the control that started it. */
export interface GoalMutationOptions {
  onDone?: () => void;
}

/**
 * A goal's changes reach the child's goals, the month's budget left (money moved in or given back) and its
 * carts ("Ask to buy it"), all under the child's key, and the children list's budgets.
 */
export function useGoalMutation<T, R>(childId: string, fn: (arg: T) => Promise<R>, { onDone }: GoalMutationOptions) {
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
