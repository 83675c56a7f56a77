import type { ConsentReview } from "@shared/schemas/child-consents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { consentReviewKeys } from "./consent-review-keys";

export type ConsentDecision = { id: string; decision: "accept" } | { id: string; decision: "reject"; reason: string };

/** POST /api/admin/consent-reviews/{id}/accept, or /reject {reason}: answers the review as decided. */
export const decideConsentReview = (input: ConsentDecision) =>
  adminJson<ConsentReview>(
    "POST",
    `/api/admin/consent-reviews/${encodeURIComponent(input.id)}/${input.decision}`,
    input.decision === "reject" ? { reason: input.reason } : {},
  );

export function useDecideConsentReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideConsentReview,
    // Decided, or already decided by a colleague (409): either way it moves from one list to the other.
    onSettled: () => queryClient.invalidateQueries({ queryKey: consentReviewKeys.all }),
  });
}
