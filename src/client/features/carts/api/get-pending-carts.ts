import type { PendingCart } from "@shared/schemas/carts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const getPendingCarts = () => apiJson<PendingCart[]>("GET", "/api/carts/pending");

export const getPendingCartsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.pendingCarts, queryFn: getPendingCarts });

export function usePendingCarts() {
  return useQuery(getPendingCartsQueryOptions());
}
