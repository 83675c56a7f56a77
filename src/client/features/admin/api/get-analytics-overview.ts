import type { AnalyticsOverview } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminJson } from "./admin-request";

/** Every admin read starts with this, so one invalidation reloads the whole dashboard. */
export const ADMIN_QUERY_ROOT = "admin";

export const getAnalyticsOverview = () => adminJson<AnalyticsOverview>("GET", "/api/admin/analytics/overview");

export const getAnalyticsOverviewQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_QUERY_ROOT, "analytics-overview"], queryFn: getAnalyticsOverview });

export function useAnalyticsOverview() {
  return useQuery(getAnalyticsOverviewQueryOptions());
}
