import { decidedByWords, isExpiredCart } from "@shared/rules/decision-words";
import type { HistoryCart } from "@shared/schemas/history";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatAmount } from "@/components/ui/money";
import { ProfileInitial } from "@/components/ui/profile-initial";
import { Spinner } from "@/components/ui/spinner";
import { STATUS_WORDS } from "./history-filters";

const dateFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" });

/** Who decided, in words: a guardian by name, the rules at once, or nobody before it expired. */
function decidedWords(cart: HistoryCart): string | null {
  const words = decidedByWords(cart);
  if (words) return words;
  if (cart.status === "approved" || cart.status === "completed") return "Approved automatically";
  return null;
}

/** Why: the guardian's note, else the rules' reason; an expiry says so in its badge. */
const reasonOf = (cart: HistoryCart) => (isExpiredCart(cart) ? null : (cart.decisionNote ?? cart.decisionReason));

function HistoryRow({ cart, showChild }: { cart: HistoryCart; showChild: boolean }) {
  const expired = isExpiredCart(cart);
  const who = decidedWords(cart);
  const why = reasonOf(cart);
  const items = cart.items.map((i) => (i.quantity > 1 ? `${i.quantity} × ${i.name}` : i.name)).join(", ");
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {showChild && <ProfileInitial name={cart.childName} color={cart.childProfileColor} size="sm" />}
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">
            {showChild && <span className="text-slate-600">{cart.childName} · </span>}
            {cart.retailer}
          </p>
          <p className="truncate text-sm text-slate-600" title={items}>
            {items}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            Asked {dateFormat.format(new Date(cart.createdAt))}
            {who && ` · ${who}`}
            {cart.orderNumber && ` · Order ${cart.orderNumber}`}
          </p>
          {why && <p className="mt-1 text-sm text-slate-700">“{why}”</p>}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2 sm:flex-col sm:items-end">
        <span className="font-semibold text-slate-900">{formatAmount(cart.total)}</span>
        <Badge variant={expired ? "neutral" : cart.status}>{expired ? "Expired" : STATUS_WORDS[cart.status]}</Badge>
      </div>
    </li>
  );
}

export function HistoryList({
  carts,
  isLoading,
  failed,
  showChild,
  hasMore,
  loadingMore,
  onMore,
}: {
  carts: HistoryCart[] | undefined;
  isLoading: boolean;
  failed: boolean;
  showChild: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  return (
    <Card aria-labelledby="history-title">
      <CardHeader>
        <CardTitle id="history-title">Every request</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading history" />
        ) : failed && !carts?.length ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            We couldn't load the history. Check the filters and try again.
          </p>
        ) : !carts?.length ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            No requests match these filters.
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-2">
              {carts.map((cart) => (
                <HistoryRow key={cart.id} cart={cart} showChild={showChild} />
              ))}
            </ul>
            {hasMore && (
              <Button variant="outline" className="mt-4 w-full" onClick={onMore} disabled={loadingMore}>
                {loadingMore ? "Loading…" : "Show more"}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
