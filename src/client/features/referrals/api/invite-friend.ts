import type { ReferralInvite } from "@shared/schemas/referrals";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const inviteFriend = (input: ReferralInvite) =>
  apiJson<{ message: string }>("POST", "/api/referrals/invite", input);

/** An invitation changes no count until the friend signs up, so nothing is read again. */
export function useInviteFriend() {
  return useMutation({ mutationFn: inviteFriend });
}
