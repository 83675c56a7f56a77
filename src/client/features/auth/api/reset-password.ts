import type { User } from "@shared/schemas/auth";
import type { PasswordResetConfirm } from "@shared/schemas/password-reset";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const resetPassword = (input: PasswordResetConfirm) =>
  apiJson<User>("POST", "/api/auth/password-reset/confirm", input);

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (user) => {
      // The reset signs in with a new session: nothing cached before it belongs to it.
      queryClient.removeQueries();
      queryClient.setQueryData(queryKeys.user, user);
    },
  });
}
