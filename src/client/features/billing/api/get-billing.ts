import { useQuery } from "@tanstack/react-query";
import { billingQueryOptions } from "@/lib/billing-query";

/** `pollMs` while a payment Stripe has taken is waiting for its webhook (the return from Checkout). */
export function useBilling({ enabled = true, pollMs = 0 }: { enabled?: boolean; pollMs?: number } = {}) {
  return useQuery({ ...billingQueryOptions(), enabled, refetchInterval: enabled && pollMs > 0 ? pollMs : false });
}
