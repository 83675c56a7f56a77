import type { Cart } from "@shared/schemas/carts";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { useRefreshAfterDecision } from "./decide-cart";

export const undoDecline = (cartId: string) =>
  apiJson<Cart>("POST", `/api/carts/${encodeURIComponent(cartId)}/undo-decline`);

/**
 * The guardian takes back their own decline within the server's 10 seconds (docs/decisions/135); the cart
 * waits again. The callbacks are the hook's, not the call's: the Undo button lives in a toast that closes
 * as it is pressed, and the answer must still be told.
 */
export function useUndoDecline({
  onUndone,
  onFailed,
}: {
  onUndone: (cart: Cart) => void;
  onFailed: (error: unknown) => void;
}) {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: undoDecline,
    onSuccess: (cart) => {
      onUndone(cart);
      return refresh();
    },
    onError: (error) => {
      onFailed(error);
      return refresh();
    },
  });
}
