import type { AnalyticsOverview } from "@shared/schemas/staff";

type ExecutionStats = AnalyticsOverview["overview"]["executionStats"];

/** spec 001 §9: completed executions divided by all executions, as a rounded percent (0 when none ran). */
export function successRate(stats: ExecutionStats): number {
  const all = stats.reduce((sum, s) => sum + s.count, 0);
  if (all === 0) return 0;
  const completed = stats.find((s) => s.status === "completed")?.count ?? 0;
  return Math.round((completed / all) * 100);
}
