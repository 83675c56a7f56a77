import type { Cart } from "@shared/schemas/carts";
import { queryOptions, useQueries, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const getChildCarts = (childId: string) =>
  apiJson<Cart[]>("GET", `/api/children/${encodeURIComponent(childId)}/carts`);

export const getChildCartsQueryOptions = (childId: string) =>
  queryOptions({ queryKey: queryKeys.childCarts(childId), queryFn: () => getChildCarts(childId) });

export function useChildCarts(childId: string) {
  return useQuery(getChildCartsQueryOptions(childId));
}

/** Several children's carts at once, for the family's views: each list is the one that child's dashboard caches. */
export function useChildrenCarts(childIds: string[]) {
  return useQueries({
    queries: childIds.map((id) => getChildCartsQueryOptions(id)),
    combine: (results) => ({
      data: results.flatMap((r) => r.data ?? []),
      isLoading: results.some((r) => r.isLoading),
    }),
  });
}
