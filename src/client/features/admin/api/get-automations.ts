import type { Automation } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { ADMIN_QUERY_ROOT } from "./get-analytics-overview";

export const getAutomations = () => adminJson<Automation[]>("GET", "/api/admin/automations");

export const getAutomationsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_QUERY_ROOT, "automations"], queryFn: getAutomations });

export function useAutomations() {
  return useQuery(getAutomationsQueryOptions());
}
