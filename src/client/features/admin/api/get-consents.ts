import type { Consent } from "@shared/schemas/public-forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { adminJson } from "./admin-request";

export const getConsents = (limit: number) => adminJson<Consent[]>("GET", `/api/admin/consents?limit=${limit}`);

export const getConsentsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: queryKeys.admin.consents(limit), queryFn: () => getConsents(limit) });

export function useConsents(limit: number) {
  return useQuery(getConsentsQueryOptions(limit));
}
