import type { ConsentReview } from "@shared/schemas/child-consents";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getAdminPage } from "./admin-page";
import { consentReviewKeys } from "./consent-review-keys";

const REVIEWS_SHOWN = 20;

/** GET /api/admin/consent-reviews?status=: parents' consents for their children, newest first (docs/decisions/160). */
export const getConsentReviews = (url: string) => getAdminPage<ConsentReview>(url);

export const getConsentReviewsQueryOptions = (status: "pending" | "decided") =>
  infiniteQueryOptions({
    queryKey: consentReviewKeys.list(status),
    queryFn: ({ pageParam }) => getConsentReviews(pageParam),
    initialPageParam: `/api/admin/consent-reviews?${new URLSearchParams({ status, limit: String(REVIEWS_SHOWN) })}`,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export function useConsentReviews(status: "pending" | "decided") {
  return useInfiniteQuery(getConsentReviewsQueryOptions(status));
}
