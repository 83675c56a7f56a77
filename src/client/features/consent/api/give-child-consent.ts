import type { ChildConsentCreate, ChildConsentStarted } from "@shared/schemas/child-consents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** POST /api/children/{id}/consent: the record, and for the card check the Stripe Checkout page to open. */
export const giveChildConsent = ({ childId, consent }: { childId: string; consent: ChildConsentCreate }) =>
  apiJson<ChildConsentStarted>("POST", `/api/children/${encodeURIComponent(childId)}/consent`, consent);

export function useGiveChildConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveChildConsent,
    // The child's consentStatus moves to pending; the dashboard's list shows it too.
    onSuccess: (_, { childId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.child(childId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.children, exact: true }),
      ]),
  });
}
