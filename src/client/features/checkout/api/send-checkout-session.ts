import type { CheckoutSentSchema } from "@shared/schemas/merchants";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiJson } from "@/lib/api";

export type CheckoutSent = z.infer<typeof CheckoutSentSchema>;

/** POST /api/checkout/:id/send (the child's session): the checkout becomes the child's cart; 409 not open, 410 expired. */
export const sendCheckoutSession = (id: string) =>
  apiJson<CheckoutSent>("POST", `/api/checkout/${encodeURIComponent(id)}/send`, {});

/** A success is shown from the answer itself, so the page does not turn into "already sent" under the child's eyes. */
export function useSendCheckoutSession(id: string) {
  return useMutation({ mutationFn: () => sendCheckoutSession(id) });
}
