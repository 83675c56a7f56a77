import { formatDollars } from "@shared/rules/money";
import type { PendingCart } from "@shared/schemas/carts";
import { PartyPopper, ShoppingBag } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatAmount, toCents } from "@/components/ui/money";
import { ProfileInitial } from "@/components/ui/profile-initial";
import { Spinner } from "@/components/ui/spinner";

function CartRow({
  cart,
  budgetLeftCents,
  actions,
}: {
  cart: PendingCart;
  budgetLeftCents: number | undefined;
  actions: ReactNode;
}) {
  const totalCents = toCents(cart.total);
  const goesOver = budgetLeftCents !== undefined && totalCents > budgetLeftCents;
  const itemCount = cart.items.reduce((n, i) => n + i.quantity, 0);

  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-start gap-3">
        <ProfileInitial name={cart.childName} color={cart.childProfileColor} size="sm" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p className="font-semibold text-slate-900">{cart.childName}</p>
            <p className="text-base font-bold text-slate-900">{formatAmount(cart.total)}</p>
          </div>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
            <span className="inline-flex items-center gap-1">
              <ShoppingBag className="h-4 w-4 text-slate-500" aria-hidden />
              {cart.retailer}
            </span>
            <span className="text-slate-500">·</span>
            <span>
              {itemCount} {itemCount === 1 ? "item" : "items"}
            </span>
            {cart.tag && <Badge variant="neutral">{cart.tag}</Badge>}
          </p>
          {goesOver && (
            <p className="mt-1 text-xs font-medium text-amber-800">
              This is more than the {formatDollars(Math.max(0, budgetLeftCents ?? 0))} left in {cart.childName}'s
              budget.
            </p>
          )}
        </div>
      </div>
      <div className="mt-3">{actions}</div>
    </li>
  );
}

/**
 * spec 000 §2 Pending Approvals card. `budgetLeftCents` tells how much a child may still spend;
 * `renderActions` draws the decision buttons for a cart (the decisions feature, composed by the page).
 */
export function PendingApprovals({
  carts,
  isLoading,
  budgetLeftCents,
  renderActions,
}: {
  carts: PendingCart[] | undefined;
  isLoading: boolean;
  budgetLeftCents: (childId: string) => number | undefined;
  renderActions: (cart: PendingCart) => ReactNode;
}) {
  return (
    <Card aria-labelledby="pending-approvals-title">
      <CardHeader>
        <CardTitle id="pending-approvals-title">Pending Approvals</CardTitle>
        <CardDescription>Carts waiting for your decision</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading pending carts" />
        ) : carts && carts.length > 0 ? (
          <ul className="flex flex-col gap-3">
            {carts.map((c) => (
              <CartRow key={c.id} cart={c} budgetLeftCents={budgetLeftCents(c.childId)} actions={renderActions(c)} />
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
            <PartyPopper className="h-10 w-10 text-emerald-600" aria-hidden />
            <p className="mt-3 font-semibold text-slate-900">All caught up!</p>
            <p className="mt-1 text-sm text-slate-600">New cart requests from your children appear here.</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
