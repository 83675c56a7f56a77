import { useQueryClient } from "@tanstack/react-query";
import { Activity, House, Inbox, LifeBuoy, LogOut, Percent, Store, Users, Workflow } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, useLocation } from "wouter";
import { BrandMark } from "@/components/ui/brand-mark";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/hooks/use-toast";
import { queryKeys } from "@/lib/query-keys";
import { isAdminSessionError } from "../api/admin-request";
import { useAdminMe } from "../api/get-admin-me";
import { useAnalyticsOverview } from "../api/get-analytics-overview";
import { useAutomations } from "../api/get-automations";
import { useExecutions } from "../api/get-executions";
import { useTickets } from "../api/get-tickets";
import { clearAdminToken, getAdminToken } from "../lib/admin-token";
import { successRate } from "../lib/success-rate";
import { AnalyticsTab } from "./analytics-tab";
import { AutomationsTab } from "./automations-tab";
import { FamiliesTab } from "./families-tab";
import { FormsTab } from "./forms-tab";
import { MerchantsTab } from "./merchants-tab";
import { OverviewTab } from "./overview-tab";
import { SupportTab } from "./support-tab";

const ADMIN_LOGIN_PATH = "/admin/login";

/** spec 001 §4 and §8: no token, or any 401/403 from an admin read or write, goes back to sign-in. */
function useAdminSession() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const hasToken = getAdminToken() !== null;
  useEffect(() => {
    const leave = () => {
      // Cached staff data must not outlive the session that fetched it.
      queryClient.removeQueries({ queryKey: queryKeys.admin.all });
      navigate(ADMIN_LOGIN_PATH, { replace: true });
    };
    if (!hasToken) return leave();
    const onError = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      if (event.type === "updated" && event.action?.type === "error" && isAdminSessionError(event.action.error)) {
        leave();
      }
    };
    const offQueries = queryClient.getQueryCache().subscribe(onError);
    const offMutations = queryClient.getMutationCache().subscribe(onError);
    return () => {
      offQueries();
      offMutations();
    };
  }, [hasToken, navigate, queryClient]);
  return hasToken;
}

function AdminHeader({ signedIn }: { signedIn: boolean }) {
  const [, navigate] = useLocation();
  const me = useAdminMe(signedIn);
  const queryClient = useQueryClient();
  const logOut = () => {
    clearAdminToken();
    queryClient.removeQueries({ queryKey: queryKeys.admin.all });
    toast({ title: "Logged Out", description: "You have been logged out successfully." });
    navigate(ADMIN_LOGIN_PATH);
  };
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="flex min-w-0 items-center gap-2 rounded-md font-bold text-slate-900">
          <BrandMark />
          <span className="text-lg">Pocketwise</span>
          <span className="hidden rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 sm:inline">
            Staff
          </span>
        </Link>
        <div className="flex items-center gap-3">
          {me.data && (
            <span className="hidden text-sm text-slate-600 sm:inline">
              Signed in as{" "}
              <span className="font-semibold text-slate-900">
                {me.data.firstName} {me.data.lastName}
              </span>
            </span>
          )}
          <Button variant="outline" size="sm" onClick={logOut}>
            <LogOut aria-hidden /> Log out
          </Button>
        </div>
      </div>
    </header>
  );
}

function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <div className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="flex items-center gap-2 text-sm text-slate-600 sm:gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 [&_svg]:size-5">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-2xl font-bold text-slate-900 sm:text-3xl">{value}</dd>
    </div>
  );
}

/** spec 001 §2.9: the staff dashboard; nothing is fetched without a token. */
export function AdminDashboard() {
  const hasToken = useAdminSession();
  useEffect(() => {
    document.title = "Staff dashboard · Pocketwise";
  }, []);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <AdminHeader signedIn={hasToken} />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <div className="mb-6">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Staff dashboard</h1>
          <p className="mt-1 text-slate-600">Automations, family support and what visitors send us, at a glance.</p>
        </div>
        {hasToken ? <DashboardContent /> : <Spinner label="Loading dashboard" className="py-20" />}
      </main>
    </div>
  );
}

function DashboardContent() {
  const overview = useAnalyticsOverview();
  const automations = useAutomations();
  const executions = useExecutions();
  const tickets = useTickets();
  const stats = overview.data?.overview;
  const openTickets = tickets.data?.filter((t) => t.status !== "closed").length ?? 0;

  if ([overview, automations, executions, tickets].some((q) => q.isPending)) {
    return <Spinner label="Loading dashboard" className="py-20" />;
  }
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total users" value={stats?.totalUsers ?? "–"} icon={<Users aria-hidden />} />
        <StatCard label="Automations run" value={stats?.totalExecutions ?? "–"} icon={<Workflow aria-hidden />} />
        <StatCard label="Support tickets" value={stats?.totalTickets ?? "–"} icon={<LifeBuoy aria-hidden />} />
        <StatCard
          label="Success rate"
          value={stats ? `${successRate(stats.executionStats)}%` : "–"}
          icon={<Percent aria-hidden />}
        />
      </dl>
      <Tabs defaultValue="overview" className="mt-8">
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="overview">
            <Activity aria-hidden /> Overview
          </TabsTrigger>
          <TabsTrigger value="automations">
            <Workflow aria-hidden /> Automations
          </TabsTrigger>
          <TabsTrigger value="support">
            <LifeBuoy aria-hidden /> Support
            {openTickets > 0 && (
              <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">
                {openTickets}
                <span className="sr-only"> open</span>
              </span>
            )}
          </TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          {/* After the spec's four (§2.9): docs/product-contract.md "Public forms" has staff see the submissions here. */}
          <TabsTrigger value="forms">
            <Inbox aria-hidden /> Forms
          </TabsTrigger>
          {/* docs/decisions/144: partner stores, their keys and webhook deliveries. */}
          <TabsTrigger value="merchants">
            <Store aria-hidden /> Merchants
          </TabsTrigger>
          {/* docs/decisions/155: plans, subscriptions, refunds and the staff log. */}
          <TabsTrigger value="families">
            <House aria-hidden /> Families
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab executions={executions.data} />
        </TabsContent>
        <TabsContent value="automations">
          <AutomationsTab automations={automations.data} />
        </TabsContent>
        <TabsContent value="support">
          <SupportTab tickets={tickets.data} />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab overview={stats} />
        </TabsContent>
        <TabsContent value="forms">
          <FormsTab overview={stats} />
        </TabsContent>
        <TabsContent value="merchants">
          <MerchantsTab />
        </TabsContent>
        <TabsContent value="families">
          <FamiliesTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
