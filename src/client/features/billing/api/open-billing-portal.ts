import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** POST /api/billing/portal: Stripe's customer portal, where the card, invoices and cancellation are managed. */
export const openBillingPortal = () => apiJson<{ url: string }>("POST", "/api/billing/portal");

export const useOpenBillingPortal = () =>
  useMutation({ mutationFn: openBillingPortal, onSuccess: ({ url }) => window.location.assign(url) });
