import type { AuditEntry } from "@shared/schemas/admin-families";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getAdminPage } from "./admin-page";
import { familyKeys } from "./family-query-keys";

const ENTRIES_SHOWN = 10;

/** GET /api/admin/audit: every staff change, newest first. */
export const getAuditLog = (url: string) => getAdminPage<AuditEntry>(url);

export const getAuditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: familyKeys.audit,
    queryFn: ({ pageParam }) => getAuditLog(pageParam),
    initialPageParam: `/api/admin/audit?limit=${ENTRIES_SHOWN}`,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export function useAuditLog() {
  return useInfiniteQuery(getAuditLogQueryOptions());
}
