import type { Cart, CartStatusUpdate } from "@shared/schemas/carts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError, apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const decideCart = (cartId: string, input: CartStatusUpdate) =>
  apiJson<Cart>("PATCH", `/api/carts/${encodeURIComponent(cartId)}/status`, input);

/** A 409 that asks for confirmation, as opposed to one saying the cart was already decided. */
export const isOverBudgetRefusal = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 409 && error.code === "over_budget";

/** A 404 or 409 saying the cart is gone or was decided elsewhere (another tab, another device). */
export const isStaleCart = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 409) && !isOverBudgetRefusal(error);

/** What a decision (or taking one back) changes: the pending list, the children's budgets and carts, usage. */
export function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.pendingCarts }),
      queryClient.invalidateQueries({ queryKey: queryKeys.children }),
      queryClient.invalidateQueries({ queryKey: queryKeys.usage }),
    ]);
}

/**
 * spec 000 §7: on success the pending list and the children (budgets, cart lists, badges) are refreshed;
 * an approval also uses one of the month's purchases, so usage is refreshed too. `onDecided` runs even
 * though the refresh removes the cart's row (and its button) from the screen.
 */
export function useDecideCart({ onDecided }: { onDecided?: (cart: Cart) => void } = {}) {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: ({ cartId, ...input }: CartStatusUpdate & { cartId: string }) => decideCart(cartId, input),
    onSuccess: (cart) => {
      onDecided?.(cart);
      return refresh();
    },
    // The row on screen is out of date: show what is true now instead of offering the same dead button.
    onError: (error) => (isStaleCart(error) ? refresh() : undefined),
  });
}
