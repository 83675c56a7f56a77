import type { PasswordResetAccepted, PasswordResetRequest } from "@shared/schemas/password-reset";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const requestPasswordReset = (input: PasswordResetRequest) =>
  apiJson<PasswordResetAccepted>("POST", "/api/auth/password-reset", input);

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
