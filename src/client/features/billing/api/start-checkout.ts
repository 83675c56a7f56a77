import type { CheckoutPlan } from "@shared/schemas/billing";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** POST /api/billing/checkout: where Stripe Checkout takes the parent's order for `plan`. */
export const startCheckout = (plan: CheckoutPlan) =>
  apiJson<{ url: string }>("POST", "/api/billing/checkout", { plan });

/** On success the browser leaves for Stripe; the page it comes back to reads the new plan. */
export const useStartCheckout = () =>
  useMutation({ mutationFn: startCheckout, onSuccess: ({ url }) => window.location.assign(url) });
