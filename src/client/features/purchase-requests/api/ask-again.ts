import type { Cart, CartSubmit } from "@shared/schemas/carts";
import { useMutation } from "@tanstack/react-query";
import { submitCart, useRefreshAfterSubmit } from "./submit-cart";

/** The expired cart's request, sent again as it was: same shop, items and note. */
function askAgainInput(cart: Cart): CartSubmit {
  return {
    retailer: cart.retailer,
    items: cart.items.map(({ name, price, quantity, url, imageUrl, category }) => ({
      name,
      price,
      quantity,
      ...(url ? { url } : {}),
      ...(imageUrl ? { imageUrl } : {}),
      ...(category ? { category } : {}),
    })),
    ...(cart.tag ? { tag: cart.tag } : {}),
    ...(cart.notes ? { notes: cart.notes } : {}),
  };
}

/**
 * docs/product-contract.md "Deciding from anywhere": after an expiry the child asks again with one tap. The
 * key is the expired cart's, so a second tap, a retry or a reload asks once, not twice.
 */
export function useAskAgain(childId: string) {
  const refresh = useRefreshAfterSubmit(childId);
  return useMutation({
    mutationFn: (expired: Cart) => submitCart(childId, askAgainInput(expired), `ask-again:${expired.id}`),
    onSuccess: refresh,
  });
}
