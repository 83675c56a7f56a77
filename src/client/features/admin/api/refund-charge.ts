import type { Refund } from "@shared/schemas/admin-families";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { familyKeys } from "./family-query-keys";

/** POST /api/admin/families/{id}/refunds {chargeId, amount?}: the whole amount left when `amount` is absent. */
export const refundCharge = ({ familyId, chargeId, amount }: { familyId: string; chargeId: string; amount?: string }) =>
  adminJson<Refund>("POST", `/api/admin/families/${encodeURIComponent(familyId)}/refunds`, {
    chargeId,
    ...(amount && { amount }),
  });

export function useRefundCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundCharge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
