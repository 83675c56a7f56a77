import { queryKeys } from "@/lib/query-keys";

/** Under the staff area's key, so signing out clears them with the rest of the dashboard's data. */
export const consentReviewKeys = {
  all: [...queryKeys.admin.all, "consent-reviews"] as const,
  list: (status: "pending" | "decided") => [...queryKeys.admin.all, "consent-reviews", status] as const,
};
