import { formatDollars } from "@shared/rules/money";
import type { LucideIcon } from "lucide-react";
import { Clock, PiggyBank, Users, Wallet } from "lucide-react";
import { cn } from "@/lib/cn";

function Tile({
  icon: Icon,
  label,
  value,
  tint,
  loading,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  tint: string;
  loading: boolean;
}) {
  return (
    <div className="flex flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:gap-3 sm:p-5">
      <span className={cn("flex h-10 w-10 shrink-0 items-center justify-center rounded-xl sm:h-11 sm:w-11", tint)}>
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <dl className="min-w-0">
        <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
        <dd className="mt-0.5 truncate text-lg font-bold text-slate-900 sm:text-2xl">
          {loading ? <span className="inline-block h-7 w-14 animate-pulse rounded bg-slate-200 align-middle" /> : value}
        </dd>
      </dl>
    </div>
  );
}

/** spec 000 §2: the four summary tiles of the Family Dashboard. */
export function SummaryTiles({
  totalChildren,
  familyBudgetCents,
  totalSpentCents,
  pendingApprovals,
  morePending = false,
  loading,
}: {
  totalChildren: number;
  familyBudgetCents: number;
  totalSpentCents: number;
  pendingApprovals: number;
  /** More carts wait than the loaded pages hold (the list is paged, docs/decisions/164). */
  morePending?: boolean;
  loading: boolean;
}) {
  return (
    <section aria-label="Family summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Tile
        icon={Users}
        label="Total Children"
        value={String(totalChildren)}
        tint="bg-brand-100 text-brand-800"
        loading={loading}
      />
      <Tile
        icon={Wallet}
        label="Family Budget"
        value={formatDollars(familyBudgetCents)}
        tint="bg-emerald-100 text-emerald-800"
        loading={loading}
      />
      <Tile
        icon={PiggyBank}
        label="Total Spent"
        value={formatDollars(totalSpentCents)}
        tint="bg-sky-100 text-sky-800"
        loading={loading}
      />
      <Tile
        icon={Clock}
        label="Pending Approvals"
        value={`${pendingApprovals}${morePending ? "+" : ""}`}
        tint="bg-amber-100 text-amber-900"
        loading={loading}
      />
    </section>
  );
}
