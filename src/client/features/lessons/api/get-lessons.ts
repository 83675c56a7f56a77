import type { LessonSummary } from "@shared/schemas/lessons";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/children/:id/lessons: every lesson in order, with where the child stands (docs/decisions/154). */
export const getLessons = (childId: string) =>
  apiJson<LessonSummary[]>("GET", `/api/children/${encodeURIComponent(childId)}/lessons`);

export const getLessonsQueryOptions = (childId: string) =>
  queryOptions({ queryKey: queryKeys.childLessons(childId), queryFn: () => getLessons(childId) });

export const useLessons = (childId: string) => useQuery(getLessonsQueryOptions(childId));
