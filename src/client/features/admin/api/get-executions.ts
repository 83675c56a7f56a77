import type { Execution } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { adminJson } from "./admin-request";

// spec 001 §9: 10 fetched, 5 shown.
export const EXECUTIONS_FETCHED = 10;

export const getExecutions = () => adminJson<Execution[]>("GET", `/api/admin/executions?limit=${EXECUTIONS_FETCHED}`);

export const getExecutionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.executions, queryFn: getExecutions });

export function useExecutions() {
  return useQuery(getExecutionsQueryOptions());
}
