import type { AdminUser } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { adminJson } from "./admin-request";

/** GET /api/admin/me: the signed-in staff member, for the dashboard's header. */
export const getAdminMe = () => adminJson<{ user: AdminUser }>("GET", "/api/admin/me");

export const getAdminMeQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.me, queryFn: getAdminMe });

export function useAdminMe(enabled: boolean) {
  return useQuery({ ...getAdminMeQueryOptions(), enabled, select: (data) => data.user });
}
