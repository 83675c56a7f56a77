import type { WebhookDelivery } from "@shared/schemas/merchants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { merchantKeys } from "./merchant-query-keys";

/** POST /api/admin/merchants/{id}/deliveries/{eventId}/retry: sent again now under the same event id. */
export const retryDelivery = ({ merchantId, eventId }: { merchantId: string; eventId: string }) =>
  adminJson<WebhookDelivery>(
    "POST",
    `/api/admin/merchants/${encodeURIComponent(merchantId)}/deliveries/${encodeURIComponent(eventId)}/retry`,
  );

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSuccess: (_delivery, { merchantId }) =>
      queryClient.invalidateQueries({ queryKey: merchantKeys.deliveries(merchantId) }),
  });
}
