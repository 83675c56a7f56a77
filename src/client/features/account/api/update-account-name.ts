import type { Account, AccountName } from "@shared/schemas/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const updateAccountName = (name: AccountName) => apiJson<Account>("PATCH", "/api/account", name);

export function useUpdateAccountName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountName,
    onSuccess: (account) => {
      queryClient.setQueryData(queryKeys.account, account);
      // The header and the Profile card show the name from the signed-in user.
      return queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}
