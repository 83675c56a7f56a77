import type { Automation } from "@shared/schemas/staff";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadFailed } from "./overview-tab";

export function AutomationsTab({ automations }: { automations: Automation[] | undefined }) {
  if (automations === undefined) return <LoadFailed what="workflows" />;
  if (automations.length === 0) {
    return <p className="rounded-lg bg-white p-4 text-sm text-slate-700">No workflows are set up yet.</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {automations.map((a) => (
        <li key={a.id}>
          <Card aria-labelledby={`automation-${a.id}`} className="h-full">
            <CardHeader>
              <div className="flex items-start justify-between gap-3">
                <CardTitle id={`automation-${a.id}`}>{a.name}</CardTitle>
                <Badge variant={a.isActive ? "approved" : "neutral"}>{a.isActive ? "Active" : "Inactive"}</Badge>
              </div>
              <CardDescription>{a.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600">Category</dt>
                <dd className="font-medium capitalize text-slate-900">{a.category}</dd>
                <dt className="text-slate-600">Trigger event</dt>
                <dd className="break-all font-mono text-xs leading-5 text-slate-900">{a.triggerEvent}</dd>
              </dl>
              <h3 className="mt-4 text-sm font-semibold text-slate-900">Steps</h3>
              <ol className="mt-2 grid gap-1.5 text-sm text-slate-700">
                {a.steps.map((step, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: steps are read-only and may repeat ("Wait 24 hours")
                  <li key={i} className="flex gap-2">
                    <span className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800">
                      {i + 1}
                    </span>
                    {step}
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
