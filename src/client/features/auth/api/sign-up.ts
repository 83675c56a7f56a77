import type { Signup, User } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const signUp = (input: Signup) => apiJson<User>("POST", "/api/auth/signup", input);

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (user) => {
      // A new session means every cached answer belonged to nobody: start clean with the new user.
      queryClient.removeQueries();
      queryClient.setQueryData(queryKeys.user, user);
    },
  });
}
