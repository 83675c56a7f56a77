import type { NewsletterSignup, NewsletterSubscription } from "@shared/schemas/public-forms";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** docs/product-contract.md "Public forms": POST /api/newsletter {email} answers 201 with the stored subscription. */
export function createNewsletterSubscription(input: NewsletterSignup): Promise<NewsletterSubscription> {
  return apiJson<NewsletterSubscription>("POST", "/api/newsletter", input);
}

export function useCreateNewsletterSubscription() {
  return useMutation({ mutationFn: createNewsletterSubscription });
}
