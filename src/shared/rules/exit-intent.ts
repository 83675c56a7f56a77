// spec 001 §4 and §9: the exit-intent offer opens once per page life, on the first of three triggers.
export const EXIT_INTENT_DELAY_MS = 30_000;
export const OFFER_COUNTDOWN_SECONDS = 600;

export type ExitIntentTrigger =
  /** The pointer left the document; clientY is where it left. */
  | { kind: "mouseleave"; clientY: number }
  /** The visitor tried to close or leave the page. */
  | { kind: "beforeunload" }
  /** Time spent on the page so far. */
  | { kind: "timer"; elapsedMs: number };

export interface ExitIntentState {
  alreadyShown: boolean;
  /** Another modal dialog (sign-up, demo) is open: the offer waits rather than stacking on top of it. */
  anotherDialogOpen: boolean;
}

export function shouldOpenExitIntent(trigger: ExitIntentTrigger, state: ExitIntentState): boolean {
  if (state.alreadyShown || state.anotherDialogOpen) return false;
  switch (trigger.kind) {
    // Only leaving through the top edge (towards the tabs and the address bar) reads as leaving.
    case "mouseleave":
      return trigger.clientY <= 0;
    case "beforeunload":
      return true;
    case "timer":
      return trigger.elapsedMs >= EXIT_INTENT_DELAY_MS;
  }
}

/** One second off, never below zero: the countdown stops at 0:00. */
export function nextCountdown(seconds: number): number {
  return Math.max(0, seconds - 1);
}

/** 600 -> "10:00", 59 -> "0:59", anything at or below zero -> "0:00". */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, "0")}`;
}
