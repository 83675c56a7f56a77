import type { Account } from "@shared/schemas/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/account: the signed-in adult's name, e-mail, whether it has a password, and a change waiting. */
export const getAccount = () => apiJson<Account>("GET", "/api/account");

export const getAccountQueryOptions = () => queryOptions({ queryKey: queryKeys.account, queryFn: getAccount });

export function useAccount() {
  return useQuery(getAccountQueryOptions());
}
