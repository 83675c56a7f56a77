import type { Child } from "@shared/schemas/children";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const getChild = (childId: string) => apiJson<Child>("GET", `/api/children/${encodeURIComponent(childId)}`);

export const getChildQueryOptions = (childId: string) =>
  queryOptions({ queryKey: queryKeys.child(childId), queryFn: () => getChild(childId) });

export function useChild(childId: string) {
  return useQuery(getChildQueryOptions(childId));
}
