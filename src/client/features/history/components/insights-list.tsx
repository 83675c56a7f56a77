import type { Insight } from "@shared/schemas/history";
import { Lightbulb } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** docs/decisions/161: what changed this month, in a sentence each, from the rules in shared/rules/insights. */
export function InsightsList({ insights }: { insights: Insight[] }) {
  return (
    <Card aria-labelledby="insights-title">
      <CardHeader>
        <CardTitle id="insights-title">What changed</CardTitle>
        <CardDescription>This month compared with last month</CardDescription>
      </CardHeader>
      <CardContent>
        {insights.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing stands out this month: spending looks like last month's.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {insights.map((insight) => (
              <li
                key={`${insight.kind}-${insight.childId}`}
                className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-slate-900"
              >
                <Lightbulb className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
                {insight.message}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
