import type { Child } from "@shared/schemas/children";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const getChildren = () => apiJson<Child[]>("GET", "/api/children");

export const getChildrenQueryOptions = () => queryOptions({ queryKey: queryKeys.children, queryFn: getChildren });

export function useChildren() {
  return useQuery(getChildrenQueryOptions());
}
