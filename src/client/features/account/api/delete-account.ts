import type { AccountDeletion } from "@shared/schemas/account";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";

/**
 * DELETE /api/account (docs/decisions/158), 204: the owner's family and all its data are gone, or a guardian has
 * left the family and their account is gone; every session has ended and the cookie is cleared.
 */
export const deleteAccount = async (input: AccountDeletion) => {
  await apiRequest("DELETE", "/api/account", input);
};

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
