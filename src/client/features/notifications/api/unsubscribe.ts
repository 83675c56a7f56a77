import type { UnsubscribeLink } from "@shared/schemas/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** POST /api/unsubscribe/:token: turns that kind of e-mail off (the same request a mail client's one click sends). */
export const unsubscribe = (token: string) =>
  apiJson<UnsubscribeLink>("POST", `/api/unsubscribe/${encodeURIComponent(token)}`);

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (link) => {
      queryClient.setQueryData(queryKeys.unsubscribeLink(token), link);
      // A signed-in adult's switches in the Parent Center are read again when next shown.
      return queryClient.invalidateQueries({ queryKey: queryKeys.notificationPreferences });
    },
  });
}
