import type { Automation } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { adminJson } from "./admin-request";

export const getAutomations = () => adminJson<Automation[]>("GET", "/api/admin/automations");

export const getAutomationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.automations, queryFn: getAutomations });

export function useAutomations() {
  return useQuery(getAutomationsQueryOptions());
}
