import type { Achievement } from "@shared/schemas/achievements";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const childAchievementsQueryKey = (childId: string) => ["/api/children", childId, "achievements"] as const;

export const getChildAchievements = (childId: string) =>
  apiJson<Achievement[]>("GET", `/api/children/${encodeURIComponent(childId)}/achievements`);

export const getChildAchievementsQueryOptions = (childId: string) =>
  queryOptions({ queryKey: childAchievementsQueryKey(childId), queryFn: () => getChildAchievements(childId) });

export function useChildAchievements(childId: string) {
  return useQuery(getChildAchievementsQueryOptions(childId));
}
