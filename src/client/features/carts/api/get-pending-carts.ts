import type { PendingCart } from "@shared/schemas/carts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const pendingCartsQueryKey = ["/api/carts/pending"] as const;

export const getPendingCarts = () => apiJson<PendingCart[]>("GET", "/api/carts/pending");

export const getPendingCartsQueryOptions = () =>
  queryOptions({ queryKey: pendingCartsQueryKey, queryFn: getPendingCarts });

export function usePendingCarts() {
  return useQuery(getPendingCartsQueryOptions());
}
