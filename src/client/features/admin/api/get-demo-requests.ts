import type { DemoRequest } from "@shared/schemas/public-forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { ADMIN_QUERY_ROOT } from "./get-analytics-overview";

export const getDemoRequests = (limit: number) =>
  adminJson<DemoRequest[]>("GET", `/api/admin/demo-requests?limit=${limit}`);

export const getDemoRequestsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: [ADMIN_QUERY_ROOT, "demo-requests", limit], queryFn: () => getDemoRequests(limit) });

export function useDemoRequests(limit: number) {
  return useQuery(getDemoRequestsQueryOptions(limit));
}
