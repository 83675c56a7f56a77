import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";

/** Runs after a change succeeds, even when the refresh removes the control that started it. */
export interface CategoryMutationOptions {
  onDone?: () => void;
}

/** A change to one of a child's categories refreshes that child's category list. */
export function useCategoryMutation<T>(
  childId: string,
  fn: (arg: T) => Promise<unknown>,
  { onDone }: CategoryMutationOptions,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      onDone?.();
      return queryClient.invalidateQueries({ queryKey: queryKeys.childCategories(childId) });
    },
  });
}
