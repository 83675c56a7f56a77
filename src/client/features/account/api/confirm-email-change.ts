import type { EmailChangeConfirm, EmailChangeConfirmed } from "@shared/schemas/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const confirmEmailChange = (input: EmailChangeConfirm) =>
  apiJson<EmailChangeConfirmed>("POST", "/api/account/email/confirm", input);

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    // This browser may be signed in to the account that moved: its cached e-mail is the old one.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.account }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user }),
      ]),
  });
}
