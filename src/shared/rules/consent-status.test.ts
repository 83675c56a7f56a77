import { describe, expect, test } from "vitest";
import {
  consentStatusAfterAgeChange,
  consentStatusForNewChild,
  consentStatusWithoutConsent,
  maySignIn,
} from "./consent-status";

describe("a child's consent status", () => {
  test.each([
    [8, "required"],
    [12, "required"],
    [13, "not_needed"],
    [16, "not_needed"],
  ] as const)("a new child of %i starts %s", (age, status) => {
    expect(consentStatusForNewChild(age)).toBe(status);
  });

  test.each([
    ["not_needed", 12, "required"],
    ["required", 11, "required"],
    ["pending", 10, "pending"],
    ["verified", 9, "verified"],
    ["required", 13, "not_needed"],
    ["pending", 14, "not_needed"],
    ["verified", 13, "verified"],
    ["not_needed", 15, "not_needed"],
  ] as const)("%s at age %i becomes %s", (current, age, after) => {
    expect(consentStatusAfterAgeChange(current, age)).toBe(after);
  });

  test.each([
    [12, "required"],
    [13, "not_needed"],
  ] as const)("without consent a child of %i is %s", (age, status) => {
    expect(consentStatusWithoutConsent(age)).toBe(status);
  });

  test.each([
    ["not_needed", true],
    ["verified", true],
    ["required", false],
    ["pending", false],
  ] as const)("%s may sign in: %s", (status, allowed) => {
    expect(maySignIn(status)).toBe(allowed);
  });
});
