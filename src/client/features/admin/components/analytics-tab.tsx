import { type AnalyticsOverview, EXECUTION_STATUSES } from "@shared/schemas/staff";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { executionStatusLabel } from "./status-badges";

const BAR: Record<(typeof EXECUTION_STATUSES)[number], string> = {
  completed: "bg-emerald-600",
  failed: "bg-red-600",
  running: "bg-sky-600",
  waiting: "bg-amber-500",
};

export function AnalyticsTab({ overview }: { overview: AnalyticsOverview["overview"] | undefined }) {
  const stats = overview?.executionStats ?? [];
  const total = stats.reduce((sum, s) => sum + s.count, 0);
  return (
    <Card aria-labelledby="analytics-title">
      <CardHeader>
        <CardTitle id="analytics-title">Automation runs by status</CardTitle>
        <CardDescription>Advanced analytics are coming soon. For now, here is how every run has ended.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          {EXECUTION_STATUSES.map((status) => {
            const count = stats.find((s) => s.status === status)?.count ?? 0;
            const label = executionStatusLabel(status);
            return (
              <li key={status} className="grid gap-1.5">
                <div className="flex justify-between text-sm">
                  <span className="font-medium text-slate-900">{label}</span>
                  <span className="text-slate-600">{count}</span>
                </div>
                <Progress
                  value={total === 0 ? 0 : (count / total) * 100}
                  label={`${label}: ${count} of ${total}`}
                  barClassName={BAR[status]}
                />
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
