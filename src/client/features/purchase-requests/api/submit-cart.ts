import type { Cart, CartSubmit } from "@shared/schemas/carts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const submitCart = async (childId: string, input: CartSubmit, idempotencyKey: string) => {
  const res = await apiRequest("POST", `/api/children/${encodeURIComponent(childId)}/carts`, input, {
    "Idempotency-Key": idempotencyKey,
  });
  return (await res.json()) as Cart;
};

/** A new cart changes the child's budget, cart list and badges, and the parent's pending list and usage. */
export function useRefreshAfterSubmit(childId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.child(childId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.children, exact: true }),
      queryClient.invalidateQueries({ queryKey: queryKeys.pendingCarts }),
      queryClient.invalidateQueries({ queryKey: queryKeys.usage }),
    ]);
}

export function useSubmitCart(childId: string) {
  const refresh = useRefreshAfterSubmit(childId);
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CartSubmit; idempotencyKey: string }) =>
      submitCart(childId, input, idempotencyKey),
    onSuccess: refresh,
  });
}
