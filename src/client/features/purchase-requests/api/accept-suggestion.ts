import type { Cart } from "@shared/schemas/carts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** Turns a parent's suggested alternative into a new cart request (201 with the new cart). */
export const acceptSuggestion = (cartId: string) =>
  apiJson<Cart>("POST", `/api/carts/${encodeURIComponent(cartId)}/accept-suggestion`);

/** `onAccepted` runs even when the refreshed list no longer shows the declined cart. */
export function useAcceptSuggestion(childId: string, { onAccepted }: { onAccepted?: (cart: Cart) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptSuggestion,
    onSuccess: (cart) => {
      onAccepted?.(cart);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.child(childId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.children, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pendingCarts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.usage }),
      ]);
    },
  });
}
