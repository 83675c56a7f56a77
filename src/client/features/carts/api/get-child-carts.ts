import type { Cart } from "@shared/schemas/carts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const getChildCarts = (childId: string) =>
  apiJson<Cart[]>("GET", `/api/children/${encodeURIComponent(childId)}/carts`);

export const getChildCartsQueryOptions = (childId: string) =>
  queryOptions({ queryKey: queryKeys.childCarts(childId), queryFn: () => getChildCarts(childId) });

export function useChildCarts(childId: string) {
  return useQuery(getChildCartsQueryOptions(childId));
}
