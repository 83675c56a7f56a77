import type { NewsletterSubscription } from "@shared/schemas/public-forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { adminJson } from "./admin-request";

export const getNewsletterSubscriptions = (limit: number) =>
  adminJson<NewsletterSubscription[]>("GET", `/api/admin/newsletter?limit=${limit}`);

export const getNewsletterSubscriptionsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: queryKeys.admin.newsletter(limit),
    queryFn: () => getNewsletterSubscriptions(limit),
  });

export function useNewsletterSubscriptions(limit: number) {
  return useQuery(getNewsletterSubscriptionsQueryOptions(limit));
}
