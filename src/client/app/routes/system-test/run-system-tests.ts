import { type Health, HealthSchema } from "@shared/schemas/staff";

export type TestStatus = "PASS" | "FAIL";
export type OverallStatus = Health["status"];
export interface TestResult {
  name: string;
  status: TestStatus;
  detail?: string;
}
export interface SystemTestReport {
  overall: OverallStatus;
  backend: TestResult[];
  features: TestResult[];
}

// spec 001 §7: the pages and endpoints the test page checks after the health call, in this order.
export const FEATURE_CHECKS = [
  { name: "Home page", url: "/" },
  { name: "Signed-in user", url: "/api/auth/user" },
  { name: "Usage tracking", url: "/api/usage" },
  { name: "Children", url: "/api/children" },
  { name: "Pending carts", url: "/api/carts/pending" },
  { name: "Interactive demo", url: "/demo" },
  { name: "Admin area", url: "/admin" },
  { name: "Home page (again)", url: "/" },
] as const;

async function runHealth(): Promise<{ status: OverallStatus; tests: TestResult[] }> {
  try {
    const res = await fetch("/api/test/health", { credentials: "include" });
    const health = HealthSchema.parse(await res.json());
    return {
      status: health.status,
      tests: health.tests.map((t) => ({ name: t.name, status: t.status, detail: t.error })),
    };
  } catch {
    return {
      status: "ERROR",
      tests: [{ name: "Health Check", status: "FAIL", detail: "Failed to connect to server" }],
    };
  }
}

/** spec 001 §7: any status below 400 passes. */
async function runFeature(check: (typeof FEATURE_CHECKS)[number]): Promise<TestResult> {
  try {
    const res = await fetch(check.url, { credentials: "include" });
    return { name: check.name, status: res.status < 400 ? "PASS" : "FAIL", detail: `GET ${check.url}: ${res.status}` };
  } catch {
    return { name: check.name, status: "FAIL", detail: "Network error or endpoint unavailable" };
  }
}

export async function runSystemTests(): Promise<SystemTestReport> {
  const health = await runHealth();
  const features: TestResult[] = [];
  for (const check of FEATURE_CHECKS) features.push(await runFeature(check));
  // spec 001 §2.10 and §8: the overall status is the health check's own (HEALTHY, ISSUES_FOUND, ERROR); the
  // feature rows, success rate and count beside it show what else failed.
  return { overall: health.status, backend: health.tests, features };
}
