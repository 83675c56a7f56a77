import type { Child } from "@shared/schemas/children";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const childrenQueryKey = ["/api/children"] as const;

export const getChildren = () => apiJson<Child[]>("GET", "/api/children");

export const getChildrenQueryOptions = () => queryOptions({ queryKey: childrenQueryKey, queryFn: getChildren });

export function useChildren() {
  return useQuery(getChildrenQueryOptions());
}
