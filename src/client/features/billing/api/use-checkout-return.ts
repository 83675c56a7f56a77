import { planFor } from "@shared/rules/plans";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "@/hooks/use-toast";
import { queryKeys } from "@/lib/query-keys";
import { hasLiveSubscription } from "../lib/billing-status";
import { useBilling } from "./get-billing";

/** Stripe Checkout sends the parent back with `?billing=success` or `?billing=cancelled`. */
export const RETURN_PARAM = "billing";
export const CONFIRM_POLL_MS = 2_000;
/** Stripe's webhook usually lands within seconds; past this the card says the plan will follow. */
export const CONFIRM_TIMEOUT_MS = 20_000;

export type ReturnPhase = "idle" | "confirming" | "slow";

const readReturn = () => new URLSearchParams(window.location.search).get(RETURN_PARAM);

/**
 * GET /api/billing for the billing card, polled after a return from Checkout until the webhook has recorded
 * the subscription: Stripe redirects the browser before (or while) it tells the server.
 */
export function useBillingAfterCheckout() {
  const [phase, setPhase] = useState<ReturnPhase>(() => (readReturn() === "success" ? "confirming" : "idle"));
  const billing = useBilling({ pollMs: phase === "confirming" ? CONFIRM_POLL_MS : 0 });
  const queryClient = useQueryClient();

  // Once, on arrival: the marker leaves the address, so a reload or a shared link does not say it again.
  useEffect(() => {
    const outcome = readReturn();
    if (!outcome) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(RETURN_PARAM);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    document.getElementById("billing")?.scrollIntoView();
    if (outcome === "cancelled") toast({ title: "Checkout cancelled", description: "Your plan has not changed." });
  }, []);

  useEffect(() => {
    if (phase !== "confirming") return;
    const timer = setTimeout(() => setPhase("slow"), CONFIRM_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const data = billing.data;
  useEffect(() => {
    if (phase === "idle" || !data || !hasLiveSubscription(data)) return;
    setPhase("idle");
    toast({ title: "Payment confirmed", description: `Your family is on the ${planFor(data.plan).name} now.` });
    // The plan's limits lift at once: the usage card and the nudge read them from here.
    void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
  }, [phase, data, queryClient]);

  return { billing, phase };
}
