import type { MerchantCreate, MerchantWithSecrets } from "@shared/schemas/merchants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { merchantKeys } from "./merchant-query-keys";

/** POST /api/admin/merchants: the answer is the only time the API key and webhook secret are shown. */
export const registerMerchant = (input: MerchantCreate) =>
  adminJson<MerchantWithSecrets>("POST", "/api/admin/merchants", input);

export function useRegisterMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerMerchant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
  });
}
