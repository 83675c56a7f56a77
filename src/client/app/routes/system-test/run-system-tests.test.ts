import { describe, expect, test } from "vitest";
import { overallStatus, type TestResult } from "./run-system-tests";

const pass: TestResult = { name: "a", status: "PASS" };
const fail: TestResult = { name: "b", status: "FAIL" };

describe("overallStatus", () => {
  test.each([
    { health: "HEALTHY" as const, results: [pass, pass], expected: "HEALTHY" },
    { health: "HEALTHY" as const, results: [pass, fail], expected: "ISSUES_FOUND" },
    { health: "ISSUES_FOUND" as const, results: [pass], expected: "ISSUES_FOUND" },
    { health: "ERROR" as const, results: [pass], expected: "ERROR" },
  ])("$health with $results.length results -> $expected", ({ health, results, expected }) => {
    expect(overallStatus(health, results)).toBe(expected);
  });
});
