import type { Spending } from "@shared/schemas/history";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Card } from "@/components/ui/card";
import { formatAmount } from "@/components/ui/money";
import { ProfileInitial } from "@/components/ui/profile-initial";
import { Spinner } from "@/components/ui/spinner";
import { useHistory } from "../api/get-history";
import { useSpending } from "../api/get-spending";
import { type HistoryScope, historyCsvUrl, NO_FILTERS } from "../lib/history-query";
import { HistoryFilters } from "./history-filters";
import { HistoryList } from "./history-list";
import { InsightsList } from "./insights-list";
import { CategoriesChart, categoryName, DecisionsChart, SpendingByMonthChart } from "./spending-charts";

function ChildrenThisMonth({ spending }: { spending: Spending }) {
  return (
    <ul aria-label="Spent this month by child" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {spending.children.map((c) => (
        <li key={c.id}>
          <Card className="flex items-center gap-3 p-4">
            <ProfileInitial name={c.name} color={c.profileColor} size="sm" />
            <div className="min-w-0">
              <Link
                href={`/child/${c.id}/history`}
                className="block truncate font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                {c.name}
              </Link>
              <p className="text-sm text-slate-600">{formatAmount(c.spent)} this month</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * docs/decisions/161: a parent's history of one child or the whole family: what changed, the charts, and
 * every request with who decided and why, filtered and downloadable as CSV.
 */
export function HistoryScreen({
  scope,
  title,
  backHref,
  backLabel,
}: {
  scope: HistoryScope;
  title: string;
  backHref: string;
  backLabel: string;
}) {
  const [filters, setFilters] = useState(NO_FILTERS);
  const spending = useSpending(scope);
  const history = useHistory(scope, filters);
  const categories = (spending.data?.categories ?? []).flatMap((c) => (c.category ? [categoryName(c.category)] : []));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link
          href={backHref}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> {backLabel}
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-slate-600">Every request, who decided and why, and how spending is changing.</p>
      </div>

      {spending.isLoading ? (
        <Spinner label="Loading spending" />
      ) : spending.data ? (
        <>
          {scope.kind === "family" && spending.data.children.length > 0 && (
            <ChildrenThisMonth spending={spending.data} />
          )}
          <InsightsList insights={spending.data.insights} />
          <SpendingByMonthChart spending={spending.data} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <CategoriesChart spending={spending.data} />
            <DecisionsChart spending={spending.data} />
          </div>
        </>
      ) : (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          We couldn't load the spending figures. Try again in a moment.
        </p>
      )}

      <section aria-label="Filters" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <HistoryFilters
          filters={filters}
          onChange={setFilters}
          categories={categories}
          childOptions={scope.kind === "family" ? spending.data?.children : undefined}
          csvUrl={historyCsvUrl(scope, filters)}
        />
      </section>
      <HistoryList
        carts={history.data}
        isLoading={history.isLoading}
        failed={history.isError}
        showChild={scope.kind === "family"}
        hasMore={history.hasNextPage}
        loadingMore={history.isFetchingNextPage}
        onMore={() => void history.fetchNextPage()}
      />
    </div>
  );
}
