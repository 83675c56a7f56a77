import type { Spending } from "@shared/schemas/history";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { type HistoryScope, spendingUrl } from "../lib/history-query";

/** GET /api/children/:id/spending or /api/family/spending: the charts' figures and the insights. */
export const getSpending = (scope: HistoryScope) => apiJson<Spending>("GET", spendingUrl(scope));

export const getSpendingQueryOptions = (scope: HistoryScope) =>
  queryOptions({
    queryKey: scope.kind === "child" ? queryKeys.childSpending(scope.childId) : queryKeys.familySpending,
    queryFn: () => getSpending(scope),
  });

export function useSpending(scope: HistoryScope) {
  return useQuery(getSpendingQueryOptions(scope));
}
