import type { Execution } from "@shared/schemas/staff";
import { BarChart3, HeartHandshake, Play, RefreshCcw } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { TriggerKind } from "../api/trigger-automation";
import { ExecutionStatusBadge, formatDateTime } from "./status-badges";
import { TRIGGERS, TriggerDialog } from "./trigger-dialog";

// spec 001 §9: 5 of the 10 fetched executions are shown.
const RECENT_SHOWN = 5;

// Long labels wrap on a phone instead of pushing the card wider than the screen.
const QUICK_ACTION = "h-auto min-h-10 justify-start whitespace-normal text-left";

const newestFirst = (a: Execution, b: Execution) => b.startedAt.localeCompare(a.startedAt);

export function OverviewTab({ executions }: { executions: Execution[] | undefined }) {
  const [trigger, setTrigger] = useState<TriggerKind | null>(null);
  const recent = [...(executions ?? [])].sort(newestFirst).slice(0, RECENT_SHOWN);

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card aria-labelledby="recent-executions-title">
        <CardHeader>
          <CardTitle id="recent-executions-title">Recent automation runs</CardTitle>
          <CardDescription>The latest workflows started for families</CardDescription>
        </CardHeader>
        <CardContent>
          {executions === undefined ? (
            <LoadFailed what="automation runs" />
          ) : recent.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
              No automation has run yet. Start one with a quick action.
            </p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {recent.map((e) => (
                <li key={e.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{e.workflowName}</p>
                    <p className="truncate text-sm text-slate-600">{e.userEmail}</p>
                    {e.error && <p className="text-sm text-red-700">{e.error}</p>}
                  </div>
                  <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                    <ExecutionStatusBadge status={e.status} />
                    <span>
                      Step {Math.min(e.currentStep, e.totalSteps)} of {e.totalSteps}
                    </span>
                    <time dateTime={e.startedAt}>{formatDateTime(e.startedAt)}</time>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card aria-labelledby="quick-actions-title">
        <CardHeader>
          <CardTitle id="quick-actions-title">Quick actions</CardTitle>
          <CardDescription>Start a workflow for one parent</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-2">
          <Button variant="outline" className={QUICK_ACTION} onClick={() => setTrigger("onboarding")}>
            <HeartHandshake aria-hidden /> {TRIGGERS.onboarding.action}
          </Button>
          <Button variant="outline" className={QUICK_ACTION} onClick={() => setTrigger("payment-recovery")}>
            <RefreshCcw aria-hidden /> {TRIGGERS["payment-recovery"].action}
          </Button>
          <Button variant="outline" className={QUICK_ACTION} disabled aria-describedby="report-soon">
            <BarChart3 aria-hidden /> Generate analytics report
            <Badge id="report-soon" variant="neutral" className="ml-auto">
              Coming soon
            </Badge>
          </Button>
          <p className="mt-2 flex items-center gap-2 text-xs text-slate-600">
            <Play className="h-3.5 w-3.5" aria-hidden /> Runs show up in the list as they start.
          </p>
        </CardContent>
      </Card>
      <TriggerDialog kind={trigger} onClose={() => setTrigger(null)} />
    </div>
  );
}

export function LoadFailed({ what }: { what: string }) {
  return (
    <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      Could not load the {what}. Reload the page to try again.
    </p>
  );
}
