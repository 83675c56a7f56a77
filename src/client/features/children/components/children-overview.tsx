import { formatDollars } from "@shared/rules/money";
import type { Child } from "@shared/schemas/children";
import { ExternalLink, History, LayoutDashboard, Settings, ShieldCheck, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { BudgetBar } from "@/components/ui/budget-bar";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { budgetLeft } from "@/components/ui/money";
import { ProfileInitial } from "@/components/ui/profile-initial";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { childBudget } from "./child-budget";

/**
 * spec 000 §2: Settings and View Dashboard are buttons that open new browser tabs. The visible words
 * start the accessible name, which adds whose page it is and that it opens a tab.
 */
function NewTabButton({
  href,
  children,
  whose,
  variant,
}: {
  href: string;
  children: ReactNode;
  whose: string;
  variant: "outline" | "secondary";
}) {
  return (
    <Button
      type="button"
      variant={variant}
      size="sm"
      className="flex-1 sm:flex-none"
      onClick={() => window.open(href, "_blank", "noopener")}
    >
      {children}
      <span className="sr-only"> for {whose} (opens in a new tab)</span>
      <ExternalLink className="!size-3.5 opacity-70" aria-hidden />
    </Button>
  );
}

/**
 * docs/decisions/160: a child under 13 signs in only once a parent's consent is verified, so until then the row
 * leads to the consent instead of offering the sign-in actions.
 */
function ConsentNotice({ child }: { child: Child }) {
  if (child.consentStatus === "required") {
    return (
      <div className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
        <p>{child.name} can sign in once you give parental consent.</p>
        <Link
          href={`/coppa-consent?child=${encodeURIComponent(child.id)}`}
          className={cn(buttonVariants({ size: "sm" }), "justify-self-start")}
        >
          <ShieldCheck aria-hidden /> Give consent
          <span className="sr-only"> for {child.name}</span>
        </Link>
      </div>
    );
  }
  return (
    <p className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      We're reviewing your consent, typically within 24-48 hours. {child.name} can sign in once it is verified.
    </p>
  );
}

const CONSENT_BADGES: Partial<Record<Child["consentStatus"], { label: string; variant: "pending" | "completed" }>> = {
  required: { label: "Consent needed", variant: "pending" },
  pending: { label: "Consent in review", variant: "completed" },
};

function ChildRow({ child, actions }: { child: Child; actions?: ReactNode }) {
  const consentBadge = CONSENT_BADGES[child.consentStatus];
  const { budgetCents, spentCents, leftCents } = childBudget(child);
  const left = budgetLeft(leftCents);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <ProfileInitial name={child.name} color={child.profileColor} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="truncate text-base font-semibold text-slate-900">{child.name}</h3>
            <span className="text-sm text-slate-600">Age {child.age}</span>
            {!child.isActive && <Badge variant="neutral">Inactive</Badge>}
            {consentBadge && <Badge variant={consentBadge.variant}>{consentBadge.label}</Badge>}
          </div>
          <p className="mt-0.5 text-sm text-slate-700">
            <span className={cn("font-semibold", leftCents < 0 ? "text-red-700" : "text-slate-900")}>
              {left.amount} {left.word}
            </span>{" "}
            of {formatDollars(budgetCents)}
          </p>
          <BudgetBar
            className="mt-2"
            spentCents={spentCents}
            budgetCents={budgetCents}
            label={`${child.name} has spent ${formatDollars(spentCents)} of ${formatDollars(budgetCents)}`}
          />
          {consentBadge ? (
            <div className="mt-3">
              <ConsentNotice child={child} />
            </div>
          ) : (
            actions && <div className="mt-3">{actions}</div>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        <Link
          href={`/child/${child.id}/history`}
          className={cn(buttonVariants({ variant: "outline", size: "sm" }), "flex-1 sm:flex-none")}
        >
          <History aria-hidden /> History
          <span className="sr-only"> of {child.name}</span>
        </Link>
        <NewTabButton href={`/child/${child.id}/settings`} whose={child.name} variant="outline">
          <Settings aria-hidden /> Settings
        </NewTabButton>
        <NewTabButton href={`/child/${child.id}`} whose={child.name} variant="secondary">
          <LayoutDashboard aria-hidden /> View Dashboard
        </NewTabButton>
      </div>
    </li>
  );
}

/** `renderActions` adds controls of other features to a child's row (the page composes them). */
export function ChildrenOverview({
  items,
  isLoading,
  renderActions,
}: {
  items: Child[] | undefined;
  isLoading: boolean;
  renderActions?: (child: Child) => ReactNode;
}) {
  return (
    <Card aria-labelledby="children-overview-title">
      <CardHeader>
        <CardTitle id="children-overview-title">Children Overview</CardTitle>
        <CardDescription>
          Budgets and spending this month ·{" "}
          <Link href="/family/history" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Family spending history
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading children" />
        ) : items && items.length > 0 ? (
          <ul className="flex flex-col gap-3">
            {items.map((c) => (
              <ChildRow key={c.id} child={c} actions={renderActions?.(c)} />
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
            <Users className="h-10 w-10 text-slate-400" aria-hidden />
            <p className="mt-3 font-semibold text-slate-900">No children added yet</p>
            <p className="mt-1 text-sm text-slate-600">
              Add your first child to set a budget and start approving carts.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
