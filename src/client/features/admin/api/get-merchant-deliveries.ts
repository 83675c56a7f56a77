import type { WebhookDelivery } from "@shared/schemas/merchants";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { merchantKeys } from "./merchant-query-keys";

/** How many recent deliveries a merchant's card shows. */
export const RECENT_DELIVERIES = 10;
/** While an event waits to be sent, the log reads again this often (the server sweeps every 5 s). */
const WHILE_WAITING_MS = 5_000;

/** GET /api/admin/merchants/{id}/deliveries: the newest webhook events with their state (decision 144). */
export const getMerchantDeliveries = (merchantId: string) =>
  adminJson<WebhookDelivery[]>(
    "GET",
    `/api/admin/merchants/${encodeURIComponent(merchantId)}/deliveries?limit=${RECENT_DELIVERIES}`,
  );

export const getMerchantDeliveriesQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: merchantKeys.deliveries(merchantId),
    queryFn: () => getMerchantDeliveries(merchantId),
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === "pending" || d.status === "failed") ? WHILE_WAITING_MS : false,
  });

export function useMerchantDeliveries(merchantId: string) {
  return useQuery(getMerchantDeliveriesQueryOptions(merchantId));
}
