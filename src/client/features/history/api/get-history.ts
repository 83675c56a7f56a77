import type { HistoryCart } from "@shared/schemas/history";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getLinkedPage } from "@/lib/link-pages";
import { queryKeys } from "@/lib/query-keys";
import { filterQuery, type HistoryFilters, type HistoryScope, historyUrl } from "../lib/history-query";

/**
 * GET /api/children/:id/history or /api/family/history with the filters: a page at a time, newest first;
 * "Show more" follows the Link header (docs/decisions/161).
 */
export const getHistoryQueryOptions = (scope: HistoryScope, filters: HistoryFilters) =>
  infiniteQueryOptions({
    queryKey:
      scope.kind === "child"
        ? queryKeys.childHistory(scope.childId, filterQuery(filters))
        : queryKeys.familyHistory(filterQuery(filters)),
    queryFn: ({ pageParam }) => getLinkedPage<HistoryCart>(pageParam),
    initialPageParam: historyUrl(scope, filters),
    getNextPageParam: (last) => last.next ?? undefined,
    select: (data) => data.pages.flatMap((p) => p.items),
  });

export function useHistory(scope: HistoryScope, filters: HistoryFilters) {
  return useInfiniteQuery(getHistoryQueryOptions(scope, filters));
}
