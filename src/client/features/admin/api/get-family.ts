import type { AdminFamily } from "@shared/schemas/admin-families";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { familyKeys } from "./family-query-keys";

/** GET /api/admin/families/{id}: adults, billing, referrals, the last 50 staff changes and recent charges. */
export const getFamily = (id: string) => adminJson<AdminFamily>("GET", `/api/admin/families/${encodeURIComponent(id)}`);

export const getFamilyQueryOptions = (id: string) =>
  queryOptions({ queryKey: familyKeys.detail(id), queryFn: () => getFamily(id) });

export function useFamily(id: string) {
  return useQuery(getFamilyQueryOptions(id));
}
