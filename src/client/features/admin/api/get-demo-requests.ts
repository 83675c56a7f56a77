import type { DemoRequest } from "@shared/schemas/public-forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { adminJson } from "./admin-request";

export const getDemoRequests = (limit: number) =>
  adminJson<DemoRequest[]>("GET", `/api/admin/demo-requests?limit=${limit}`);

export const getDemoRequestsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: queryKeys.admin.demoRequests(limit), queryFn: () => getDemoRequests(limit) });

export function useDemoRequests(limit: number) {
  return useQuery(getDemoRequestsQueryOptions(limit));
}
