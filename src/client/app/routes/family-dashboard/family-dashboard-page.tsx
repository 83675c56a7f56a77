import { useMemo } from "react";
import { AppShell, PageContainer } from "@/components/layouts/app-shell";
import { toCents } from "@/components/ui/money";
import { RequireParent } from "@/features/auth/components/require-sign-in";
import { PaymentProblemBanner } from "@/features/billing/components/payment-problem-banner";
import { useChildrenCarts } from "@/features/carts/api/get-child-carts";
import { usePendingCarts } from "@/features/carts/api/get-pending-carts";
import { PendingApprovals } from "@/features/carts/components/pending-approvals";
import { RecentDecisions } from "@/features/carts/components/recent-decisions";
import { useChildren } from "@/features/children/api/get-children";
import { AddChildDialog } from "@/features/children/components/add-child-dialog";
import { childBudget } from "@/features/children/components/child-budget";
import { ChildrenOverview } from "@/features/children/components/children-overview";
import { ChoresToConfirm } from "@/features/chores/components/chores-to-confirm";
import { CartDecisionActions } from "@/features/decisions/components/cart-decision-actions";
import { SummaryTiles } from "@/features/family/components/summary-tiles";
import { CreateSigninCode } from "@/features/kid/components/create-signin-code";
import { useAuth } from "@/lib/auth";

/** A family with no child yet has only just arrived: it is welcomed and told where to start. */
function greeting(firstName: string | null | undefined, childCount: number | undefined) {
  const name = firstName ? `, ${firstName}` : "";
  return childCount === 0
    ? `Welcome${name}. Start by adding your first child.`
    : `Welcome back${name}. Here is how your family is doing this month.`;
}

function FamilyDashboard() {
  const { user } = useAuth();
  const children = useChildren();
  const pending = usePendingCarts();
  const childIds = useMemo(() => (children.data ?? []).map((c) => c.id), [children.data]);
  const childCarts = useChildrenCarts(childIds);
  const childOf = (childId: string) => children.data?.find((c) => c.id === childId);

  const totals = useMemo(() => {
    const list = children.data ?? [];
    const left = new Map<string, number>();
    let budget = 0;
    let spent = 0;
    for (const child of list) {
      const b = childBudget(child);
      // spec 000 §2: Family Budget sums the monthly budgets as the parent set them; chore rewards raise only
      // the month's "of $X" on each child's row.
      budget += toCents(child.monthlyBudget);
      spent += b.spentCents;
      left.set(child.id, b.leftCents);
    }
    return { budget, spent, left };
  }, [children.data]);

  return (
    <PageContainer>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Family Dashboard</h1>
          <p className="mt-1 text-slate-600">{greeting(user?.firstName, children.data?.length)}</p>
        </div>
        <AddChildDialog parentId={user?.id} triggerClassName="w-full sm:w-auto" />
      </div>
      <PaymentProblemBanner />
      {/* On a phone the requests waiting for an answer come first, above the figures (docs/decisions/135);
          from lg they sit beside the children, under the tiles. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="lg:col-span-2">
          <SummaryTiles
            totalChildren={children.data?.length ?? 0}
            familyBudgetCents={totals.budget}
            totalSpentCents={totals.spent}
            pendingApprovals={pending.data?.length ?? 0}
            morePending={pending.hasNextPage}
            loading={children.isLoading || pending.isLoading}
          />
        </div>
        <ChildrenOverview
          items={children.data}
          isLoading={children.isLoading}
          renderActions={(child) => <CreateSigninCode childId={child.id} childName={child.name} />}
        />
        {/* Below lg this column dissolves into the grid, so Pending Approvals alone can move to the top. */}
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <div className="order-first lg:order-none">
            <PendingApprovals
              carts={pending.data}
              isLoading={pending.isLoading}
              budgetLeftCents={(childId) => totals.left.get(childId)}
              renderActions={(cart) => <CartDecisionActions cart={cart} />}
              showMore={
                pending.hasNextPage
                  ? { onClick: () => pending.fetchNextPage(), busy: pending.isFetchingNextPage }
                  : undefined
              }
            />
          </div>
          <RecentDecisions carts={childCarts.data} isLoading={childCarts.isLoading} childOf={childOf} />
        </div>
      </div>
      <div className="mt-6">
        <ChoresToConfirm family={children.data ?? []} />
      </div>
    </PageContainer>
  );
}

/** spec 000 §2 "Parent dashboard, titled Family Dashboard": "/" for a signed-in parent. */
export default function FamilyDashboardPage() {
  return (
    <AppShell>
      <RequireParent>
        <FamilyDashboard />
      </RequireParent>
    </AppShell>
  );
}
