import type { Chore } from "@shared/schemas/chores";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const childChoresQueryKey = (childId: string) => ["/api/children", childId, "chores"] as const;

export const getChildChores = (childId: string) =>
  apiJson<Chore[]>("GET", `/api/children/${encodeURIComponent(childId)}/chores`);

export const getChildChoresQueryOptions = (childId: string) =>
  queryOptions({ queryKey: childChoresQueryKey(childId), queryFn: () => getChildChores(childId) });

export function useChildChores(childId: string) {
  return useQuery(getChildChoresQueryOptions(childId));
}
