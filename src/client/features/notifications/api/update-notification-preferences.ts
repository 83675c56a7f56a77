import type { NotificationPreferences, NotificationPreferencesPatch } from "@shared/schemas/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const updateNotificationPreferences = (patch: NotificationPreferencesPatch) =>
  apiJson<NotificationPreferences>("PATCH", "/api/account/notifications", patch);

/** The server answers the whole record, which replaces the cached one. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(queryKeys.notificationPreferences, preferences),
  });
}
