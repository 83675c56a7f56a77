import type { Chore } from "@shared/schemas/chores";
import { queryOptions, useQueries, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/children/:id/chores: the child's chores (the owning parent or the child's session). */
export const getChores = (childId: string) =>
  apiJson<Chore[]>("GET", `/api/children/${encodeURIComponent(childId)}/chores`);

export const getChoresQueryOptions = (childId: string) =>
  queryOptions({ queryKey: queryKeys.childChores(childId), queryFn: () => getChores(childId) });

export const useChores = (childId: string) => useQuery(getChoresQueryOptions(childId));

/** Every listed child's chores, for the family-wide list of chores waiting for a parent. */
export const useFamilyChores = (childIds: string[]) =>
  useQueries({ queries: childIds.map((id) => getChoresQueryOptions(id)) });
