import type { Merchant } from "@shared/schemas/merchants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { merchantKeys } from "./merchant-query-keys";

/** PATCH /api/admin/merchants/{id} {isActive}: off, its key answers 401 and its webhooks stop (decision 144). */
export const setMerchantActive = ({ id, isActive }: { id: string; isActive: boolean }) =>
  adminJson<Merchant>("PATCH", `/api/admin/merchants/${encodeURIComponent(id)}`, { isActive });

export function useSetMerchantActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMerchantActive,
    // Disabling stops pending deliveries, so the merchant's log changes too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
  });
}
