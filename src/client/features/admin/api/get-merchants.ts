import type { Merchant } from "@shared/schemas/merchants";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { merchantKeys } from "./merchant-query-keys";

/** GET /api/admin/merchants: newest first, at most 100, without secrets (decision 141). */
export const getMerchants = () => adminJson<Merchant[]>("GET", "/api/admin/merchants");

export const getMerchantsQueryOptions = () => queryOptions({ queryKey: merchantKeys.all, queryFn: getMerchants });

export function useMerchants() {
  return useQuery(getMerchantsQueryOptions());
}
