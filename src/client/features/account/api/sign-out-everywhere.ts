import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";

/** 204: every session of the account has ended, this one included. */
export const signOutEverywhere = async () => {
  await apiRequest("POST", "/api/account/sign-out-everywhere");
};

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
