import type { HostedCheckoutSchema } from "@shared/schemas/merchants";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export type HostedCheckout = z.infer<typeof HostedCheckoutSchema>;

/** GET /api/checkout/:id (public): the store, items, total, status and expiry; 404 unknown, 410 expired. */
export const getCheckoutSession = (id: string) =>
  apiJson<HostedCheckout>("GET", `/api/checkout/${encodeURIComponent(id)}`);

export const getCheckoutSessionQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.checkoutSession(id), queryFn: () => getCheckoutSession(id), retry: false });

export function useCheckoutSession(id: string) {
  return useQuery(getCheckoutSessionQueryOptions(id));
}
