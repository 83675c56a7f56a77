import type { NotificationPreferences } from "@shared/schemas/notifications";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/account/notifications: the signed-in adult's e-mail and push switches, all on by default. */
export const getNotificationPreferences = () => apiJson<NotificationPreferences>("GET", "/api/account/notifications");

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notificationPreferences, queryFn: getNotificationPreferences });

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}
