import { decidedByWords, isExpiredCart } from "@shared/rules/decision-words";
import { timeAgo } from "@shared/rules/waiting-time";
import type { Cart } from "@shared/schemas/carts";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatAmount } from "@/components/ui/money";
import { ProfileInitial } from "@/components/ui/profile-initial";
import { Spinner } from "@/components/ui/spinner";
import { useNow } from "@/hooks/use-now";
import { CartPurchaseActions } from "./cart-purchase-actions";

const RECENT_DECISIONS_SHOWN = 5;

const decidedAt = (cart: Cart) => cart.decidedAt ?? cart.updatedAt;

/**
 * The family's latest answered requests, and who answered each (docs/product-contract.md "The family and its
 * guardians": every decided cart carries its decider), so guardians deciding apart still see each other's
 * answers. Requests the rules approved at once were never asked of anyone and are left out.
 */
export function RecentDecisions({
  carts,
  isLoading,
  childOf,
}: {
  carts: Cart[];
  isLoading: boolean;
  childOf: (childId: string) => { name: string; profileColor: string } | undefined;
}) {
  const now = useNow();
  const decided = carts
    .filter((c) => decidedByWords(c) !== null)
    .sort((a, b) => decidedAt(b).localeCompare(decidedAt(a)))
    .slice(0, RECENT_DECISIONS_SHOWN);
  return (
    <Card aria-labelledby="recent-decisions-title">
      <CardHeader>
        <CardTitle id="recent-decisions-title">Recent decisions</CardTitle>
        <CardDescription>Who answered your children's latest requests</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading recent decisions" />
        ) : decided.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            Approved and declined requests appear here.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {decided.map((cart) => {
              const child = childOf(cart.childId);
              const variant = isExpiredCart(cart) ? "neutral" : cart.status === "declined" ? "declined" : "approved";
              return (
                <li key={cart.id} className="flex items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5">
                  {child && <ProfileInitial name={child.name} color={child.profileColor} size="sm" />}
                  <div className="min-w-0 flex-1">
                    <p className="break-words text-sm font-medium text-slate-900">
                      {child ? `${child.name}'s ` : ""}
                      {formatAmount(cart.total)} at {cart.retailer}
                    </p>
                    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                      <Badge variant={variant}>{decidedByWords(cart)}</Badge>
                      {timeAgo(new Date(decidedAt(cart)), now)}
                    </p>
                    <CartPurchaseActions cart={cart} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
