import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, RefreshCw, XCircle } from "lucide-react";
import { useEffect } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageTopBar } from "@/components/ui/page-top-bar";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { type OverallStatus, runSystemTests, type TestResult } from "./run-system-tests";

const OVERALL_TONE: Record<OverallStatus, string> = {
  HEALTHY: "bg-emerald-100 text-emerald-900",
  ISSUES_FOUND: "bg-amber-100 text-amber-900",
  ERROR: "bg-red-100 text-red-900",
};

const COVERAGE_AREAS = [
  { name: "Sign-in and sessions", detail: "Parent sign-in, the signed-in user, staff tokens" },
  { name: "Family data", detail: "Children, budgets and plan usage" },
  { name: "Purchases", detail: "Pending carts and parent decisions" },
  { name: "Public pages", detail: "Home, interactive demo and the staff area" },
  { name: "Database and jobs", detail: "What the server's own health check reports" },
];

function ResultList({ results }: { results: TestResult[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {results.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a run may check the same page twice (spec 001 §7)
        <li key={i} className="flex items-start justify-between gap-3 py-3">
          <div className="flex min-w-0 items-start gap-2">
            {r.status === "PASS" ? (
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
            ) : (
              <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden />
            )}
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{r.name}</p>
              {r.detail && <p className="break-words text-sm text-slate-600">{r.detail}</p>}
            </div>
          </div>
          <Badge variant={r.status === "PASS" ? "approved" : "declined"}>{r.status}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** spec 001 §2.10 and §4: the system test dashboard; runs on load and on Rerun Tests. */
export default function SystemTestPage() {
  // Each visit runs afresh: the shared client keeps data forever, which would show a stale run.
  const run = useQuery({ queryKey: ["system-test"], queryFn: runSystemTests, gcTime: 0 });

  useEffect(() => {
    document.title = "System tests · Pocketwise";
  }, []);

  const report = run.data;
  const all = report ? [...report.backend, ...report.features] : [];
  const passed = all.filter((r) => r.status === "PASS").length;
  const rate = all.length === 0 ? 0 : Math.round((passed / all.length) * 100);
  const running = run.isFetching;

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-slate-50">
      <PageTopBar />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">System tests</h1>
            <p className="mt-2 text-lg text-slate-600">Checks the server and the main pages from this browser.</p>
          </div>
          <Button onClick={() => run.refetch()} disabled={running}>
            <RefreshCw className={cn(running && "animate-spin")} aria-hidden />
            {running ? "Running tests..." : "Rerun Tests"}
          </Button>
        </div>
        {!report ? (
          <Spinner label="Running tests" className="py-20" />
        ) : (
          <div aria-busy={running} className="mt-8 grid gap-6">
            <Card aria-labelledby="summary-title">
              <CardHeader>
                <CardTitle id="summary-title">Summary</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-5">
                <dl className="grid gap-4 sm:grid-cols-3">
                  <div>
                    <dt className="text-sm text-slate-600">Overall status</dt>
                    <dd>
                      <span
                        className={cn(
                          "mt-1 inline-block rounded-full px-3 py-1 text-sm font-bold",
                          OVERALL_TONE[report.overall],
                        )}
                      >
                        {report.overall}
                      </span>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-slate-600">Success rate</dt>
                    <dd className="text-2xl font-bold text-slate-900">{rate}%</dd>
                  </div>
                  <div>
                    <dt className="text-sm text-slate-600">Tests passed</dt>
                    <dd className="text-2xl font-bold text-slate-900">
                      {passed} of {all.length}
                    </dd>
                  </div>
                </dl>
                <Progress value={rate} label={`${passed} of ${all.length} tests passed`} />
              </CardContent>
            </Card>
            <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
              <Card aria-labelledby="backend-title">
                <CardHeader>
                  <CardTitle id="backend-title">Backend health tests</CardTitle>
                  <CardDescription>What the server reports about itself</CardDescription>
                </CardHeader>
                <CardContent>
                  <ResultList results={report.backend} />
                </CardContent>
              </Card>
              <Card aria-labelledby="features-title">
                <CardHeader>
                  <CardTitle id="features-title">Feature tests</CardTitle>
                  <CardDescription>
                    Pages and endpoints fetched from here; any answer below 400 passes, so signed-in endpoints fail
                    while you are signed out.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <ResultList results={report.features} />
                </CardContent>
              </Card>
            </div>
            <Card aria-labelledby="coverage-title">
              <CardHeader>
                <CardTitle id="coverage-title">Coverage areas</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {COVERAGE_AREAS.map((a) => (
                    <li key={a.name} className="rounded-xl bg-slate-50 p-4">
                      <p className="font-semibold text-slate-900">{a.name}</p>
                      <p className="text-sm text-slate-600">{a.detail}</p>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </div>
        )}
      </main>
    </div>
  );
}
