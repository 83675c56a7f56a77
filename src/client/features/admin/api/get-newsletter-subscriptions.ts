import type { NewsletterSubscription } from "@shared/schemas/public-forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { ADMIN_QUERY_ROOT } from "./get-analytics-overview";

export const getNewsletterSubscriptions = (limit: number) =>
  adminJson<NewsletterSubscription[]>("GET", `/api/admin/newsletter?limit=${limit}`);

export const getNewsletterSubscriptionsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [ADMIN_QUERY_ROOT, "newsletter", limit],
    queryFn: () => getNewsletterSubscriptions(limit),
  });

export function useNewsletterSubscriptions(limit: number) {
  return useQuery(getNewsletterSubscriptionsQueryOptions(limit));
}
