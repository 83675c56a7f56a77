import type { Cart } from "@shared/schemas/carts";
import type { DecideByLink } from "@shared/schemas/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** POST /api/decide/:token: decides the cart as the link's guardian; 409 over budget, 410 once it cannot. */
export const decideByLink = (token: string, input: DecideByLink) =>
  apiJson<Cart>("POST", `/api/decide/${encodeURIComponent(token)}`, input);

/**
 * A refusal may mean the link's state changed (decided elsewhere, expired): the page reads it again. A
 * success is shown from the answer itself, so the page does not turn into "already decided" under the
 * parent's eyes.
 */
export function useDecideByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideByLink) => decideByLink(token, input),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.decisionLink(token) }),
  });
}
