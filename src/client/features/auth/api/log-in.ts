import type { Login, User } from "@shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const logIn = (input: Login) => apiJson<User>("POST", "/api/auth/login", input);

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (user) => {
      queryClient.removeQueries();
      queryClient.setQueryData(queryKeys.user, user);
    },
  });
}
