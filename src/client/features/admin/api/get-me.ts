import type { AdminUser } from "@shared/schemas/staff";
import { useQuery } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { ADMIN_QUERY_ROOT } from "./get-analytics-overview";

/** The signed-in staff member, for the dashboard's header. */
export function useAdminMe(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [ADMIN_QUERY_ROOT, "me"],
    queryFn: () => adminJson<{ user: AdminUser }>("GET", "/api/admin/me"),
    select: (data) => data.user,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
