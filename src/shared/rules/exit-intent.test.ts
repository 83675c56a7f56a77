import { describe, expect, test } from "vitest";
import {
  EXIT_INTENT_DELAY_MS,
  type ExitIntentState,
  type ExitIntentTrigger,
  formatCountdown,
  nextCountdown,
  OFFER_COUNTDOWN_SECONDS,
  shouldOpenExitIntent,
} from "./exit-intent";

const fresh: ExitIntentState = { alreadyShown: false, anotherDialogOpen: false };
const shown: ExitIntentState = { alreadyShown: true, anotherDialogOpen: false };
const busy: ExitIntentState = { alreadyShown: false, anotherDialogOpen: true };

describe("shouldOpenExitIntent (spec 001 §4)", () => {
  test.each<[string, ExitIntentTrigger, ExitIntentState, boolean]>([
    ["pointer leaves through the top", { kind: "mouseleave", clientY: 0 }, fresh, true],
    ["pointer leaves above the top", { kind: "mouseleave", clientY: -12 }, fresh, true],
    ["pointer leaves through the side or bottom", { kind: "mouseleave", clientY: 400 }, fresh, false],
    ["close attempt", { kind: "beforeunload" }, fresh, true],
    ["30 s on the page", { kind: "timer", elapsedMs: EXIT_INTENT_DELAY_MS }, fresh, true],
    ["later than 30 s", { kind: "timer", elapsedMs: 95_000 }, fresh, true],
    ["before 30 s", { kind: "timer", elapsedMs: EXIT_INTENT_DELAY_MS - 1 }, fresh, false],
    ["never twice: top exit", { kind: "mouseleave", clientY: 0 }, shown, false],
    ["never twice: close attempt", { kind: "beforeunload" }, shown, false],
    ["never twice: timer", { kind: "timer", elapsedMs: 60_000 }, shown, false],
    ["not over another dialog", { kind: "timer", elapsedMs: 60_000 }, busy, false],
    ["not over another dialog: top exit", { kind: "mouseleave", clientY: 0 }, busy, false],
  ])("%s", (_, trigger, state, expected) => {
    expect(shouldOpenExitIntent(trigger, state)).toBe(expected);
  });
});

describe("offer countdown", () => {
  test("starts at 10:00", () => {
    expect(OFFER_COUNTDOWN_SECONDS).toBe(600);
    expect(formatCountdown(OFFER_COUNTDOWN_SECONDS)).toBe("10:00");
  });

  test.each([
    [599, "9:59"],
    [540, "9:00"],
    [61, "1:01"],
    [60, "1:00"],
    [59, "0:59"],
    [9, "0:09"],
    [1, "0:01"],
    [0, "0:00"],
    [-5, "0:00"],
    [12.7, "0:12"],
  ])("%s s reads %s", (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  test.each([
    [600, 599],
    [1, 0],
    [0, 0],
    [-1, 0],
  ])("after %s s comes %s s, stopping at 0", (seconds, next) => {
    expect(nextCountdown(seconds)).toBe(next);
  });
});
