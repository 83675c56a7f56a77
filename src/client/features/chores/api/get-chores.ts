import type { Chore } from "@shared/schemas/chores";
import { queryOptions, useQueries, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const choresQueryKey = (childId: string) => ["/api/children", childId, "chores"] as const;

export const getChores = (childId: string) =>
  apiJson<Chore[]>("GET", `/api/children/${encodeURIComponent(childId)}/chores`);

export const getChoresQueryOptions = (childId: string) =>
  queryOptions({ queryKey: choresQueryKey(childId), queryFn: () => getChores(childId) });

export const useChores = (childId: string) => useQuery(getChoresQueryOptions(childId));

/** Every listed child's chores, for the family-wide list of chores waiting for a parent. */
export const useFamilyChores = (childIds: string[]) =>
  useQueries({ queries: childIds.map((id) => getChoresQueryOptions(id)) });
