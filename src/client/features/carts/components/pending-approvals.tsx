import { formatDollars } from "@shared/rules/money";
import { waitingWords } from "@shared/rules/waiting-time";
import type { PendingCart } from "@shared/schemas/carts";
import { PartyPopper, ShoppingBag } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatAmount, toCents } from "@/components/ui/money";
import { ProfileInitial } from "@/components/ui/profile-initial";
import { Spinner } from "@/components/ui/spinner";
import { useNow } from "@/hooks/use-now";

/** How many of a cart's items the card names; the rest are counted. */
const ITEMS_NAMED = 3;

/** What the parent is deciding on: the items, the child's note, and why the rules left it to a parent. */
function CartContents({ cart }: { cart: PendingCart }) {
  const named = cart.items.slice(0, ITEMS_NAMED);
  const more = cart.items.length - named.length;
  return (
    <div className="mt-2 grid gap-1.5 text-sm text-slate-700">
      <ul className="grid gap-0.5" aria-label={`Items in ${cart.childName}'s request from ${cart.retailer}`}>
        {named.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a cart's items are fixed once it is submitted
          <li key={i} className="flex min-w-0 flex-wrap gap-x-1.5">
            {item.url ? (
              <a
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                className="min-w-0 break-words font-medium text-brand-700 underline"
              >
                {item.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <span className="min-w-0 break-words font-medium text-slate-900">{item.name}</span>
            )}
            <span className="text-slate-600">
              {item.quantity > 1 ? `${item.quantity} × ` : ""}
              {formatAmount(item.price)}
              {item.category ? ` · ${item.category}` : ""}
            </span>
          </li>
        ))}
        {more > 0 && (
          <li className="text-slate-600">
            and {more} more {more === 1 ? "item" : "items"}
          </li>
        )}
      </ul>
      {cart.notes && (
        <p className="break-words italic text-slate-700">
          <span className="sr-only">{cart.childName}'s note: </span>“{cart.notes}”
        </p>
      )}
      {cart.decisionReason && <p className="text-xs text-slate-600">{cart.decisionReason}</p>}
    </div>
  );
}

function CartRow({
  cart,
  budgetLeftCents,
  actions,
  now,
}: {
  cart: PendingCart;
  budgetLeftCents: number | undefined;
  actions: ReactNode;
  now: Date;
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
          <p className="mt-0.5 text-xs text-slate-600">
            {waitingWords(new Date(cart.createdAt), cart.expiresAt ? new Date(cart.expiresAt) : null, now)}
          </p>
          <CartContents cart={cart} />
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
 * `showMore` is there while the server has older carts than those shown (docs/decisions/164).
 */
export function PendingApprovals({
  carts,
  isLoading,
  budgetLeftCents,
  renderActions,
  showMore,
}: {
  carts: PendingCart[] | undefined;
  isLoading: boolean;
  budgetLeftCents: (childId: string) => number | undefined;
  renderActions: (cart: PendingCart) => ReactNode;
  showMore?: { onClick: () => void; busy: boolean };
}) {
  const now = useNow();
  const listRef = useRef<HTMLUListElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  /** The row that last held focus: a decision removes it, and focus must not fall to the page's start. */
  const focusedRow = useRef<number | null>(null);
  useEffect(() => {
    if (carts === undefined || focusedRow.current === null) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const rows = listRef.current ? [...listRef.current.children] : [];
    const next = rows[Math.min(focusedRow.current, rows.length - 1)]?.querySelector<HTMLElement>("button, a[href]");
    // Focusing the next row's button records that row again (onFocus below); the title ends the chain.
    if (!next) focusedRow.current = null;
    (next ?? titleRef.current)?.focus();
  }, [carts]);

  return (
    <Card aria-labelledby="pending-approvals-title">
      <CardHeader>
        <CardTitle id="pending-approvals-title" ref={titleRef} tabIndex={-1} className="focus:outline-none">
          Pending Approvals
        </CardTitle>
        <CardDescription>Carts waiting for your decision</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading pending carts" />
        ) : carts && carts.length > 0 ? (
          <ul
            ref={listRef}
            className="flex flex-col gap-3"
            onFocus={(e) => {
              const row = (e.target as HTMLElement).closest("li");
              if (row?.parentElement === listRef.current)
                focusedRow.current = [...(listRef.current?.children ?? [])].indexOf(row);
            }}
          >
            {carts.map((c) => (
              <CartRow
                key={c.id}
                cart={c}
                budgetLeftCents={budgetLeftCents(c.childId)}
                actions={renderActions(c)}
                now={now}
              />
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
            <PartyPopper className="h-10 w-10 text-emerald-600" aria-hidden />
            <p className="mt-3 font-semibold text-slate-900">All caught up!</p>
            <p className="mt-1 text-sm text-slate-600">New cart requests from your children appear here.</p>
          </div>
        )}
        {showMore && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-3 w-full"
            disabled={showMore.busy}
            onClick={showMore.onClick}
          >
            Show more
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
