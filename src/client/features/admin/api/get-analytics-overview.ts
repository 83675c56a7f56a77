import type { AnalyticsOverview } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { adminJson } from "./admin-request";

export const getAnalyticsOverview = () => adminJson<AnalyticsOverview>("GET", "/api/admin/analytics/overview");

export const getAnalyticsOverviewQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.analyticsOverview, queryFn: getAnalyticsOverview });

export function useAnalyticsOverview() {
  return useQuery(getAnalyticsOverviewQueryOptions());
}
