import type { Cart } from "@shared/schemas/carts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const childCartsQueryKey = (childId: string) => ["/api/children", childId, "carts"] as const;

export const getChildCarts = (childId: string) =>
  apiJson<Cart[]>("GET", `/api/children/${encodeURIComponent(childId)}/carts`);

export const getChildCartsQueryOptions = (childId: string) =>
  queryOptions({ queryKey: childCartsQueryKey(childId), queryFn: () => getChildCarts(childId) });

export function useChildCarts(childId: string) {
  return useQuery(getChildCartsQueryOptions(childId));
}
