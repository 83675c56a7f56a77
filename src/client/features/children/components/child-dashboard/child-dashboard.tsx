import { budgetStatus } from "@shared/rules/budget-status";
import { isExpiredCart } from "@shared/rules/decision-words";
import { formatDollars } from "@shared/rules/money";
import type { Cart, CartStatus } from "@shared/schemas/carts";
import type { Child } from "@shared/schemas/children";
import type { Chore } from "@shared/schemas/chores";
import { AlertTriangle, Award, Clock, ShoppingBag, Sparkles, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { BudgetBar } from "@/components/ui/budget-bar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { budgetLeft, formatAmount } from "@/components/ui/money";
import { ProfileInitial } from "@/components/ui/profile-initial";
import { Spinner } from "@/components/ui/spinner";
import { useChildAchievements } from "@/features/children/api/get-child-achievements";
import { cn } from "@/lib/cn";
import { childBudget } from "../child-budget";
import { ExtensionBanner } from "./extension-banner";

// spec 000 §9: how many of each the child dashboard shows.
export const RECENT_CARTS_SHOWN = 5;
export const BADGES_SHOWN = 4;
export const CHORES_SHOWN = 3;

const STATUS_LABEL: Record<CartStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  declined: "Declined",
  completed: "Completed",
};

const STATUS_EDGE: Record<CartStatus, string> = {
  pending: "border-l-amber-500",
  approved: "border-l-emerald-600",
  declined: "border-l-red-600",
  completed: "border-l-sky-600",
};

const dateFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });

function BudgetCard({ child }: { child: Child }) {
  const { budgetCents, spentCents, savedCents } = childBudget(child);
  const status = budgetStatus(spentCents, budgetCents);
  const left = budgetLeft(status.leftCents);
  return (
    <Card aria-labelledby="budget-title" className="lg:col-span-2">
      <CardHeader>
        <CardTitle id="budget-title">Your budget this month</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-4xl font-extrabold tracking-tight text-slate-900">
          {left.amount} <span className="text-base font-medium text-slate-600">{left.word}</span>
        </p>
        <p className="mt-1 text-sm text-slate-600">
          You have spent {formatDollars(spentCents)} of {formatDollars(budgetCents)}
          {child.bonusBudget !== "0.00" && ` (including ${formatAmount(child.bonusBudget)} earned from chores)`}
          {savedCents > 0 && `, after ${formatDollars(savedCents)} moved to your goals`}.
        </p>
        <BudgetBar
          className="mt-4 h-4"
          spentCents={spentCents}
          budgetCents={budgetCents}
          label={`Spent ${formatDollars(spentCents)} of ${formatDollars(budgetCents)}`}
        />
        {status.warning && (
          <p
            role="status"
            className="mt-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {status.leftCents < 0
              ? `Over budget! You're ${formatDollars(-status.leftCents)} over this month's budget.`
              : `Almost out of budget! Only ${formatDollars(status.leftCents)} left this month.`}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function CountTile({
  icon: Icon,
  label,
  value,
  tint,
}: {
  icon: typeof Clock;
  label: string;
  value: number | undefined;
  tint: string;
}) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className={cn("flex h-11 w-11 items-center justify-center rounded-xl", tint)}>
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <div>
        <p className="text-2xl font-bold text-slate-900">{value ?? "–"}</p>
        <p className="text-sm text-slate-600">{label}</p>
      </div>
    </div>
  );
}

function RecentShopping({
  carts,
  isLoading,
  renderDetails,
  historyHref,
}: {
  carts: Cart[] | undefined;
  isLoading: boolean;
  renderDetails?: (cart: Cart) => ReactNode;
  /** The child's full history, for a guardian viewing the dashboard. */
  historyHref?: string;
}) {
  const recent = (carts ?? []).slice(0, RECENT_CARTS_SHOWN);
  return (
    <Card aria-labelledby="recent-title">
      <CardHeader>
        <CardTitle id="recent-title">Recent Shopping</CardTitle>
        <CardDescription>Your latest carts and what happened to them</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading carts" />
        ) : recent.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            No shopping yet. Carts you send appear here.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {recent.map((cart) => {
              // An expiry is stored as a decline nobody made; the list names it for what it is.
              const expired = isExpiredCart(cart);
              return (
                <li
                  key={cart.id}
                  className={cn(
                    "rounded-lg border border-l-4 border-slate-200 px-3 py-2.5",
                    expired ? "border-l-slate-400" : STATUS_EDGE[cart.status],
                  )}
                >
                  <div className="flex items-center justify-between gap-3">
                    <div className="min-w-0">
                      <p className="flex items-center gap-1.5 truncate font-medium text-slate-900">
                        <ShoppingBag className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                        {cart.retailer}
                      </p>
                      <p className="text-xs text-slate-600">{dateFormat.format(new Date(cart.createdAt))}</p>
                    </div>
                    <div className="flex shrink-0 flex-col items-end gap-1">
                      <span className="font-semibold text-slate-900">{formatAmount(cart.total)}</span>
                      <Badge variant={expired ? "neutral" : cart.status}>
                        {expired ? "Expired" : STATUS_LABEL[cart.status]}
                      </Badge>
                    </div>
                  </div>
                  {renderDetails?.(cart)}
                </li>
              );
            })}
          </ul>
        )}
        {historyHref && (
          <Link
            href={historyHref}
            className="mt-3 inline-flex text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            See the full history
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

function YourBadges({ childId }: { childId: string }) {
  const { data, isLoading } = useChildAchievements(childId);
  const shown = (data ?? []).slice(0, BADGES_SHOWN);
  return (
    <Card aria-labelledby="badges-title">
      <CardHeader>
        <CardTitle id="badges-title">Your Badges</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading badges" />
        ) : shown.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            Make smart choices to earn your first badge!
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3">
            {shown.map((a) => (
              <li key={a.id} className="flex flex-col items-center rounded-xl bg-amber-50 p-3 text-center">
                <Award className="h-8 w-8 text-amber-700" aria-hidden />
                <p className="mt-1.5 text-sm font-semibold text-slate-900">{a.title}</p>
                {a.description && <p className="mt-0.5 text-xs text-slate-600">{a.description}</p>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function EarnMore({
  chores,
  isLoading,
  renderAction,
}: {
  chores: Chore[] | undefined;
  isLoading: boolean;
  renderAction?: (chore: Chore) => ReactNode;
}) {
  const open = (chores ?? []).filter((c) => !c.isCompleted).slice(0, CHORES_SHOWN);
  return (
    <Card aria-labelledby="earn-title">
      <CardHeader>
        <CardTitle id="earn-title">Earn More Budget</CardTitle>
        <CardDescription>Finish a chore and your parent adds the reward to your budget</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading chores" />
        ) : open.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            No chores right now. Check back soon!
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {open.map((c) => (
              <li key={c.id} className="rounded-lg bg-emerald-50 px-3 py-2.5">
                <div className="flex items-center justify-between gap-3">
                  <span className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
                    <Star className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
                    <span className="truncate">{c.title}</span>
                  </span>
                  <span className="shrink-0 font-bold text-emerald-800">+{formatAmount(c.reward)}</span>
                </div>
                {renderAction && <div className="mt-2 flex justify-end empty:hidden">{renderAction(c)}</div>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * spec 000 §2 "Child dashboard"; the carts and chores come from their features through the route, and the
 * route composes the other features' parts: header actions, the purchase request, cart outcomes, chore actions,
 * lessons.
 */
export function ChildDashboard({
  child,
  carts,
  cartsLoading,
  chores,
  choresLoading,
  headerActions,
  requestPurchase,
  renderCartDetails,
  renderChoreAction,
  lessons,
  goals,
  historyHref,
}: {
  child: Child;
  carts: Cart[] | undefined;
  cartsLoading: boolean;
  chores: Chore[] | undefined;
  choresLoading: boolean;
  headerActions?: ReactNode;
  requestPurchase?: ReactNode;
  renderCartDetails?: (cart: Cart) => ReactNode;
  renderChoreAction?: (chore: Chore) => ReactNode;
  /** The lessons card, from the lessons feature. */
  lessons?: ReactNode;
  /** The savings goals card, from the goals feature. */
  goals?: ReactNode;
  /** Where Recent Shopping's "See the full history" leads (docs/decisions/161); none, no link. */
  historyHref?: string;
}) {
  const badges = useChildAchievements(child.id);
  const pendingCount = carts?.filter((c) => c.status === "pending").length;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <ProfileInitial name={child.name} color={child.profileColor} size="lg" />
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Hi {child.name}! <Sparkles className="h-6 w-6 text-amber-500" aria-hidden />
          </h1>
          <p className="mt-1 text-slate-600">Here is your money this month.</p>
        </div>
        {headerActions && <div className="ml-auto">{headerActions}</div>}
      </div>
      {!child.isActive && (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm font-medium text-amber-900"
        >
          Your profile is paused, so you cannot send carts right now. Ask a parent to reactivate it.
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <BudgetCard child={child} />
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 lg:col-span-1 lg:grid-cols-1">
          <CountTile
            icon={Clock}
            label="Waiting for approval"
            value={pendingCount}
            tint="bg-amber-100 text-amber-900"
          />
          <CountTile
            icon={Award}
            label="Badges earned"
            value={badges.data?.length}
            tint="bg-brand-100 text-brand-800"
          />
        </div>
      </div>
      {requestPurchase}
      {lessons}
      {goals}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <RecentShopping
          carts={carts}
          isLoading={cartsLoading}
          renderDetails={renderCartDetails}
          historyHref={historyHref}
        />
        <YourBadges childId={child.id} />
        <EarnMore chores={chores} isLoading={choresLoading} renderAction={renderChoreAction} />
      </div>
      <ExtensionBanner />
    </div>
  );
}
