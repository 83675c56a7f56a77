import type { Account, EmailChangeRequest } from "@shared/schemas/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** The answer is the account with its new pending address; the e-mail itself changes when the link is opened. */
export const requestEmailChange = (input: EmailChangeRequest) => apiJson<Account>("POST", "/api/account/email", input);

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (account) => queryClient.setQueryData(queryKeys.account, account),
  });
}
