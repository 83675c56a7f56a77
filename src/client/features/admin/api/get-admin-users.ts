import type { AdminParent } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { adminJson } from "./admin-request";

const USERS_SHOWN = 20;

export const getAdminUsers = (q: string) =>
  adminJson<AdminParent[]>("GET", `/api/admin/users?${new URLSearchParams({ limit: String(USERS_SHOWN), q })}`);

export const getAdminUsersQueryOptions = (q: string) =>
  queryOptions({ queryKey: queryKeys.admin.users(q), queryFn: () => getAdminUsers(q) });

export function useAdminUsers(q: string) {
  return useQuery(getAdminUsersQueryOptions(q));
}
