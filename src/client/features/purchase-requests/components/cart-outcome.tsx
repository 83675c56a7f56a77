import { decidedByWords, isExpiredCart } from "@shared/rules/decision-words";
import type { Cart } from "@shared/schemas/carts";
import { ExternalLink, Hourglass, Lightbulb, MessageCircle, RotateCcw, UserCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { useAcceptSuggestion } from "../api/accept-suggestion";
import { useAskAgain } from "../api/ask-again";
import { childReason } from "../lib/child-words";

/** What the child hears after asking: approved at once, or waiting, and why in the child's words. */
function toastAsked(next: Cart, fallback: string) {
  toast({
    title: next.status === "approved" ? "Approved!" : "Sent to your parent for approval",
    description: next.decisionReason ? childReason(next.decisionReason) : fallback,
  });
}

/** An expired request: nobody answered, and the child may ask again as it was with one tap. */
function Expired({ cart, forChild }: { cart: Cart; forChild: boolean }) {
  const askAgain = useAskAgain(cart.childId);
  if (!forChild) return null;
  const onAskAgain = () =>
    askAgain.mutate(cart, {
      onSuccess: (next) => toastAsked(next, `You asked for ${cart.retailer} again.`),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: "Couldn't ask again",
          description: clientErrorMessage(err, "Please try again in a moment."),
        }),
    });
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-100 p-2.5">
      <p className="flex items-center gap-2 text-slate-800">
        <Hourglass className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
        No one answered in time
      </p>
      {askAgain.isSuccess ? (
        <p className="font-medium text-brand-800">You asked again.</p>
      ) : (
        <Button size="sm" variant="outline" disabled={askAgain.isPending} onClick={onAskAgain}>
          <RotateCcw aria-hidden />
          {askAgain.isPending ? "Asking..." : "Ask again"}
          <span className="sr-only"> for {cart.retailer}</span>
        </Button>
      )}
    </div>
  );
}

/**
 * Under a cart in the child's list: why it was decided as it was and by whom, the parent's note, and a
 * suggested alternative the child can request with one tap (a parent sees the same, without the buttons).
 */
export function CartOutcome({
  cart,
  forChild,
  suggestionRequested = false,
}: {
  cart: Cart;
  forChild: boolean;
  /** A later cart was made from this suggestion, so there is nothing left to request. */
  suggestionRequested?: boolean;
}) {
  const suggestion = cart.suggestedItem;
  const accept = useAcceptSuggestion(cart.childId, {
    onAccepted: (next) => toastAsked(next, `${suggestion?.name} was requested.`),
  });
  const expired = isExpiredCart(cart);
  // The submission's reason explains a cart still waiting or approved at once; after a parent's decision it is stale.
  const approvedAtOnce = cart.status === "approved" && cart.approvedAt === cart.createdAt;
  const reason = cart.decisionReason && (cart.status === "pending" || approvedAtOnce) ? cart.decisionReason : null;
  const decidedBy = decidedByWords(cart);
  // An expiry's note is the server's, not a parent's; the expiry says it in its own words.
  const note = expired ? null : cart.decisionNote;

  const onAccept = () =>
    accept.mutate(cart.id, {
      onError: (err) =>
        toast({
          variant: "destructive",
          title: "Couldn't request it",
          description:
            err instanceof ApiRequestError && err.serverMessage ? err.serverMessage : "Please try again in a moment.",
        }),
    });

  if (!reason && !decidedBy && !note && !suggestion) return null;
  return (
    <div className="mt-2 grid gap-2 text-sm">
      {reason && <p className="text-slate-600">{forChild ? childReason(reason) : reason}</p>}
      {decidedBy && !(expired && forChild) && (
        <p className="flex items-center gap-1.5 text-slate-700">
          <UserCheck className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          {decidedBy}
        </p>
      )}
      {expired && <Expired cart={cart} forChild={forChild} />}
      {note && (
        <p className="flex items-start gap-2 rounded-lg bg-slate-100 p-2.5 text-slate-800">
          <MessageCircle className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <span>
            <span className="font-semibold">{forChild ? "Note from your parent: " : "Note: "}</span>
            {note}
          </span>
        </p>
      )}
      {suggestion && (
        <div className="rounded-lg border border-brand-100 bg-brand-50 p-3">
          <p className="flex items-start gap-2 text-brand-900">
            <Lightbulb className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              <span className="font-semibold">{forChild ? "Suggested instead: " : "Suggested: "}</span>
              {suggestion.name}, ${suggestion.price}
              {suggestion.url && (
                <>
                  {" "}
                  <a
                    href={suggestion.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
                  >
                    View
                    <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </>
              )}
            </span>
          </p>
          {forChild && !suggestionRequested && !accept.isSuccess && (
            <Button size="sm" className="mt-2" disabled={accept.isPending} onClick={onAccept}>
              {accept.isPending ? "Requesting..." : "Request this instead"}
            </Button>
          )}
          {(suggestionRequested || accept.isSuccess) && (
            <p className="mt-1 text-sm font-medium text-brand-800">You asked for this instead.</p>
          )}
        </div>
      )}
    </div>
  );
}
