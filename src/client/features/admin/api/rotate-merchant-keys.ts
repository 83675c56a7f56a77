import type { MerchantWithSecrets } from "@shared/schemas/merchants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { merchantKeys } from "./merchant-query-keys";

/** POST /api/admin/merchants/{id}/rotate: new key and secret, shown once; the old ones stop at once. */
export const rotateMerchantKeys = (id: string) =>
  adminJson<MerchantWithSecrets>("POST", `/api/admin/merchants/${encodeURIComponent(id)}/rotate`);

export function useRotateMerchantKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateMerchantKeys,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
  });
}
