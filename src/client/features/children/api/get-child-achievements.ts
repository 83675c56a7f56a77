import type { Achievement } from "@shared/schemas/achievements";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const getChildAchievements = (childId: string) =>
  apiJson<Achievement[]>("GET", `/api/children/${encodeURIComponent(childId)}/achievements`);

export const getChildAchievementsQueryOptions = (childId: string) =>
  queryOptions({ queryKey: queryKeys.childAchievements(childId), queryFn: () => getChildAchievements(childId) });

export function useChildAchievements(childId: string) {
  return useQuery(getChildAchievementsQueryOptions(childId));
}
