import { Activity, BarChart3, Info, LayoutTemplate, Workflow } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { PageTopBar } from "@/components/ui/page-top-bar";
import { Progress } from "@/components/ui/progress";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import {
  AUTOMATION_TEMPLATES,
  SAMPLE_ACTIVITY,
  SAMPLE_AUTOMATIONS,
  SAMPLE_JOURNEY,
  SAMPLE_PERFORMANCE,
  type SampleStatus,
  TRIGGER_EVENTS,
  WORKFLOW_TEMPLATES,
} from "./sample-data";

const STATUS: Record<SampleStatus, { label: string; variant: "approved" | "completed" | "pending" }> = {
  completed: { label: "Completed", variant: "approved" },
  in_progress: { label: "In progress", variant: "completed" },
  pending: { label: "Pending", variant: "pending" },
};

function OverviewPanel() {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <Card aria-labelledby="journey-title">
        <CardHeader>
          <CardTitle id="journey-title">Customer journey</CardTitle>
          <CardDescription>{SAMPLE_JOURNEY.customer}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-slate-600">Stage</dt>
              <dd className="font-semibold capitalize text-slate-900">{SAMPLE_JOURNEY.stage}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Engagement score</dt>
              <dd className="font-semibold text-slate-900">{SAMPLE_JOURNEY.score}/10</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-slate-600">Next action</dt>
              <dd className="font-semibold text-slate-900">{SAMPLE_JOURNEY.nextAction}</dd>
            </div>
          </dl>
          <div className="grid gap-1.5">
            <div className="flex justify-between text-sm">
              <span className="text-slate-600">Journey progress</span>
              <span className="font-semibold text-slate-900">{SAMPLE_JOURNEY.progress}%</span>
            </div>
            <Progress value={SAMPLE_JOURNEY.progress} label="Journey progress" />
          </div>
        </CardContent>
      </Card>
      <Card aria-labelledby="sample-automations-title">
        <CardHeader>
          <CardTitle id="sample-automations-title">Automations for this family</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-200">
            {SAMPLE_AUTOMATIONS.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{a.name}</p>
                  <p className="text-sm text-slate-600">{a.detail}</p>
                </div>
                <Badge variant={STATUS[a.status].variant}>{STATUS[a.status].label}</Badge>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function TemplatesPanel() {
  // spec 001 §2.7: the toggle works locally only.
  const [active, setActive] = useState(() => Object.fromEntries(AUTOMATION_TEMPLATES.map((t) => [t.id, t.isActive])));
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {AUTOMATION_TEMPLATES.map((t) => (
        <li key={t.id}>
          <Card aria-labelledby={`template-${t.id}`} className="h-full">
            <CardHeader>
              <div className="flex items-start justify-between gap-3">
                <CardTitle id={`template-${t.id}`}>{t.name}</CardTitle>
                <Switch
                  checked={active[t.id]}
                  onCheckedChange={(on) => setActive((prev) => ({ ...prev, [t.id]: on }))}
                  aria-label={`${t.name} on`}
                />
              </div>
              <CardDescription>{t.description}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <Badge variant="neutral" className="w-fit capitalize">
                {t.category}
              </Badge>
              <div>
                <h3 className="font-semibold text-slate-900">Triggers</h3>
                <p className="text-slate-700">{t.triggers.join(", ")}</p>
              </div>
              <div>
                <h3 className="font-semibold text-slate-900">Actions</h3>
                <ol className="list-decimal pl-5 text-slate-700">
                  {t.actions.map((a) => (
                    <li key={a}>{a}</li>
                  ))}
                </ol>
              </div>
              <p className="text-slate-600">{active[t.id] ? "On" : "Off"} in this preview</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function WorkflowsPanel() {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card aria-labelledby="builder-title">
        <CardHeader>
          <CardTitle id="builder-title">Workflow builder</CardTitle>
          <CardDescription>Sketch a workflow. Saving is not available in this preview.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* spec 001 §2.7: the builder has no submit behaviour. */}
          <form className="grid gap-4" onSubmit={(e) => e.preventDefault()} aria-label="Workflow builder">
            <FormField id="workflow-name" label="Workflow name">
              <Input id="workflow-name" placeholder="e.g. New family onboarding" />
            </FormField>
            <FormField id="workflow-trigger" label="Trigger event">
              <NativeSelect id="workflow-trigger" defaultValue={TRIGGER_EVENTS[0]}>
                {TRIGGER_EVENTS.map((e) => (
                  <option key={e}>{e}</option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="workflow-description" label="Description">
              <Textarea id="workflow-description" rows={3} />
            </FormField>
            <Button type="button" disabled className="sm:justify-self-end" aria-describedby="builder-soon">
              Save workflow
            </Button>
            <p id="builder-soon" className="text-sm text-slate-600 sm:text-right">
              Coming soon
            </p>
          </form>
        </CardContent>
      </Card>
      <Card aria-labelledby="workflow-templates-title">
        <CardHeader>
          <CardTitle id="workflow-templates-title">Workflow templates</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3">
            {WORKFLOW_TEMPLATES.map((w) => (
              <li key={w.id} className="rounded-xl border border-slate-200 p-4">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{w.name}</h3>
                  <Badge variant="neutral">{w.steps} steps</Badge>
                </div>
                <p className="mt-1 text-sm text-slate-600">{w.description}</p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function AnalyticsPanel() {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <Card aria-labelledby="performance-title">
        <CardHeader>
          <CardTitle id="performance-title">Performance</CardTitle>
          <CardDescription>Last 30 days (sample figures)</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-4">
            {SAMPLE_PERFORMANCE.map((p) => (
              <div key={p.label} className="rounded-xl bg-slate-50 p-4">
                <dt className="text-sm text-slate-600">{p.label}</dt>
                <dd className="text-2xl font-bold text-slate-900">{p.value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card aria-labelledby="activity-title">
        <CardHeader>
          <CardTitle id="activity-title">Recent activity</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-200">
            {SAMPLE_ACTIVITY.map((a) => (
              <li key={a.id} className="flex flex-col gap-0.5 py-3 text-sm sm:flex-row sm:justify-between sm:gap-4">
                <span className="text-slate-900">{a.text}</span>
                <span className="shrink-0 text-slate-600">{a.when}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

/** spec 001 §2.7: the Automation Dashboard, a preview on fixed sample data. */
export default function AutomationPage() {
  useEffect(() => {
    document.title = "Automation Dashboard · Pocketwise";
  }, []);

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-slate-50">
      <PageTopBar />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Automation Dashboard</h1>
        <p className="mt-2 max-w-2xl text-lg text-slate-600">
          How Pocketwise keeps families informed: welcome series, reminders and follow-ups.
        </p>
        <p
          role="note"
          className="mt-4 flex max-w-2xl items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
        >
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          This is a preview with sample data. Nothing here is sent to real families, and changes are not saved.
        </p>
        <Tabs defaultValue="overview" className="mt-8">
          <TabsList aria-label="Automation sections">
            <TabsTrigger value="overview">
              <Activity aria-hidden /> Overview
            </TabsTrigger>
            <TabsTrigger value="templates">
              <LayoutTemplate aria-hidden /> Templates
            </TabsTrigger>
            <TabsTrigger value="workflows">
              <Workflow aria-hidden /> Workflows
            </TabsTrigger>
            <TabsTrigger value="analytics">
              <BarChart3 aria-hidden /> Analytics
            </TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <OverviewPanel />
          </TabsContent>
          <TabsContent value="templates">
            <TemplatesPanel />
          </TabsContent>
          <TabsContent value="workflows">
            <WorkflowsPanel />
          </TabsContent>
          <TabsContent value="analytics">
            <AnalyticsPanel />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
