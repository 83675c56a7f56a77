import type { Execution } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { ADMIN_QUERY_ROOT } from "./get-analytics-overview";

// spec 001 §9: 10 fetched, 5 shown.
export const EXECUTIONS_FETCHED = 10;

export const getExecutions = () => adminJson<Execution[]>("GET", `/api/admin/executions?limit=${EXECUTIONS_FETCHED}`);

export const getExecutionsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_QUERY_ROOT, "executions"], queryFn: getExecutions });

export function useExecutions() {
  return useQuery(getExecutionsQueryOptions());
}
