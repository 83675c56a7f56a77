import type { CheckoutPlan } from "@shared/schemas/billing";
import { useSyncExternalStore } from "react";

interface PlanChooserState {
  open: boolean;
  /** The plan the path that opened it was about (the Add Child limit names the next plan up). */
  suggested: CheckoutPlan | null;
}

let state: PlanChooserState = { open: false, suggested: null };
const listeners = new Set<() => void>();

function set(next: PlanChooserState) {
  state = next;
  for (const l of listeners) l();
}

/**
 * Opens the plan chooser from any upgrade path (nudge, Add Child limit, plans card, pricing grid). The chooser
 * lives in the billing feature and is mounted once for a signed-in parent, so no feature imports another.
 */
export function openPlanChooser(suggested: CheckoutPlan | null = null) {
  set({ open: true, suggested });
}

export function closePlanChooser() {
  set({ ...state, open: false });
}

export function usePlanChooserState(): PlanChooserState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
