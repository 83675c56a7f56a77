import type { PasswordChange } from "@shared/schemas/account";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";

/** 204: this session stays; every other one of the account has ended. */
export const changePassword = async (input: PasswordChange) => {
  await apiRequest("POST", "/api/account/password", input);
};

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
