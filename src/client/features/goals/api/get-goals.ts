import type { Goal } from "@shared/schemas/goals";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/children/:id/goals: the child's savings goals, newest first (the child's session or a guardian). */
export const getGoals = (childId: string) =>
  apiJson<Goal[]>("GET", `/api/children/${encodeURIComponent(childId)}/goals`);

export const getGoalsQueryOptions = (childId: string) =>
  queryOptions({ queryKey: queryKeys.childGoals(childId), queryFn: () => getGoals(childId) });

export const useGoals = (childId: string) => useQuery(getGoalsQueryOptions(childId));
