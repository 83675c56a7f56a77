import { describe, expect, it } from "vitest";
import { expiresAtFor, reminderAtFor } from "./approval-window";

describe("approval window", () => {
  const asked = new Date("2026-11-24T10:00:00Z");
  it.each([
    [48, "2026-11-26T10:00:00.000Z", "2026-11-25T10:00:00.000Z"],
    [1, "2026-11-24T11:00:00.000Z", "2026-11-24T10:30:00.000Z"],
    [168, "2026-12-01T10:00:00.000Z", "2026-11-27T22:00:00.000Z"],
  ])("a %i-hour window expires at %s and reminds at %s", (hours, expires, reminds) => {
    const expiresAt = expiresAtFor(asked, hours);
    expect(expiresAt.toISOString()).toBe(expires);
    expect(reminderAtFor(asked, expiresAt).toISOString()).toBe(reminds);
  });
});
