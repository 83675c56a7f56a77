import type { Cart } from "@shared/schemas/carts";
import { ExternalLink, Lightbulb, MessageCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { useAcceptSuggestion } from "../api/accept-suggestion";

/**
 * Under a cart in the child's list: why it was decided as it was, the parent's note, and a
 * suggested alternative the child can request with one tap (a parent sees the same, without the button).
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
    onAccepted: (next) =>
      toast({
        title: next.status === "approved" ? "Approved!" : "Sent to your parent for approval",
        description: next.decisionReason ?? `${suggestion?.name} was requested.`,
      }),
  });
  // The submission's reason explains a cart still waiting or approved at once; after a parent's decision it is stale.
  const approvedAtOnce = cart.status === "approved" && cart.approvedAt === cart.createdAt;
  const showReason = cart.decisionReason && (cart.status === "pending" || approvedAtOnce);

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

  if (!showReason && !cart.decisionNote && !suggestion) return null;
  return (
    <div className="mt-2 grid gap-2 text-sm">
      {showReason && <p className="text-slate-600">{cart.decisionReason}</p>}
      {cart.decisionNote && (
        <p className="flex items-start gap-2 rounded-lg bg-slate-100 p-2.5 text-slate-800">
          <MessageCircle className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <span>
            <span className="font-semibold">{forChild ? "Note from your parent: " : "Your note: "}</span>
            {cart.decisionNote}
          </span>
        </p>
      )}
      {suggestion && (
        <div className="rounded-lg border border-brand-100 bg-brand-50 p-3">
          <p className="flex items-start gap-2 text-brand-900">
            <Lightbulb className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              <span className="font-semibold">{forChild ? "Suggested instead: " : "You suggested: "}</span>
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
