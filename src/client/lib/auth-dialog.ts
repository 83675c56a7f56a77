import { useSyncExternalStore } from "react";

export type AuthDialogMode = "signup" | "login" | "welcome";

interface AuthDialogState {
  open: boolean;
  mode: AuthDialogMode;
  /** The mode it opened in: the welcome mode is shown only when it is the initial mode (spec 000 §2). */
  initialMode: AuthDialogMode;
}

let state: AuthDialogState = { open: false, mode: "signup", initialMode: "signup" };
const listeners = new Set<() => void>();

function set(next: AuthDialogState) {
  state = next;
  for (const l of listeners) l();
}

/** Opens the sign-in/sign-up dialog from anywhere (header, pricing, nudge, exit offer). */
export function openAuthDialog(mode: AuthDialogMode = "signup") {
  set({ open: true, mode, initialMode: mode });
}

export function closeAuthDialog() {
  set({ ...state, open: false });
}

export function switchAuthDialogMode(mode: "signup" | "login") {
  set({ ...state, mode });
}

export function useAuthDialogState(): AuthDialogState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    // The landing page is also rendered at build time, where the dialog is closed.
    () => state,
  );
}
