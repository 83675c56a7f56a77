import type { Consent } from "@shared/schemas/public-forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { ADMIN_QUERY_ROOT } from "./get-analytics-overview";

export const getConsents = (limit: number) => adminJson<Consent[]>("GET", `/api/admin/consents?limit=${limit}`);

export const getConsentsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: [ADMIN_QUERY_ROOT, "consents", limit], queryFn: () => getConsents(limit) });

export function useConsents(limit: number) {
  return useQuery(getConsentsQueryOptions(limit));
}
