import type { Cart, CartComplete } from "@shared/schemas/carts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** docs/decisions/140: an approved cart marked as bought, with the store's order number if there is one. */
export const completeCart = (cartId: string, input: CartComplete) =>
  apiJson<Cart>("POST", `/api/carts/${encodeURIComponent(cartId)}/complete`, input);

/** Marks one child's cart as bought; that child's list is refetched whether it worked or not (a 409 means it changed). */
export function useCompleteCart(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cartId, input }: { cartId: string; input: CartComplete }) => completeCart(cartId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.childCarts(childId), exact: true }),
  });
}
