import { ConsentRejectSchema, type ConsentReview, REJECTION_REASON_MESSAGE } from "@shared/schemas/child-consents";
import { Check, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { useDecideConsentReview } from "../api/decide-consent-review";
import { useConsentReviews } from "../api/get-consent-reviews";
import { LoadFailed } from "./overview-tab";
import { formatDateTime } from "./status-badges";

type Filter = "pending" | "decided";

const METHODS: Record<ConsentReview["method"], string> = {
  "credit-card": "Card check",
  "government-id": "Government ID",
  "phone-verification": "Phone call",
};

const DECIDED: Partial<
  Record<ConsentReview["status"], { label: string; variant: "approved" | "declined" | "neutral" }>
> = {
  verified: { label: "Accepted", variant: "approved" },
  rejected: { label: "Rejected", variant: "declined" },
  withdrawn: { label: "Withdrawn by the parent", variant: "neutral" },
  replaced: { label: "Replaced", variant: "neutral" },
};

function scopes(r: ConsentReview): string[] {
  return [
    r.dataCollection && "Data collection",
    r.educational && "Educational content",
    r.thirdParty ? "Third parties" : "Not shared with third parties",
    r.marketing && "Marketing e-mails",
  ].filter((s): s is string => typeof s === "string");
}

function ReviewItem({ review: r, onReject }: { review: ConsentReview; onReject: (r: ConsentReview) => void }) {
  const decide = useDecideConsentReview();
  const decided = DECIDED[r.status];
  const accept = () =>
    decide.mutate(
      { id: r.id, decision: "accept" },
      {
        onSuccess: () => toast({ title: "Consent accepted", description: `${r.childName} can sign in now.` }),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Error",
            description: clientErrorMessage(error, "Couldn't accept the consent. Please try again."),
          }),
      },
    );
  return (
    <article aria-label={`Consent for ${r.childName} from ${r.fullName}`}>
      <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <h3 className="font-semibold text-slate-900 wrap-anywhere">
          {r.childName}, age {r.childAge}
        </h3>
        <time dateTime={r.createdAt} className="shrink-0 text-sm text-slate-600">
          {formatDateTime(r.createdAt)}
        </time>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Parent</dt>
        <dd className="text-slate-900 wrap-anywhere">
          {r.fullName} ({r.relationship === "guardian" ? "legal guardian" : "parent"}) · {r.email} · {r.phone}
        </dd>
        <dt className="text-slate-600">Method</dt>
        <dd className="text-slate-900">{METHODS[r.method]}</dd>
        <dt className="text-slate-600">Signature</dt>
        <dd className="font-serif italic text-slate-900 wrap-anywhere">{r.signature ?? "None"}</dd>
        <dt className="text-slate-600">Reference</dt>
        <dd className="font-mono text-slate-900 wrap-anywhere">{r.reference}</dd>
        {r.rejectionReason && (
          <>
            <dt className="text-slate-600">Why rejected</dt>
            <dd className="text-slate-900 wrap-anywhere">{r.rejectionReason}</dd>
          </>
        )}
      </dl>
      <ul aria-label="Consented to" className="mt-2 flex flex-wrap gap-1.5">
        {scopes(r).map((s) => (
          <li key={s}>
            <Badge variant="neutral">{s}</Badge>
          </li>
        ))}
      </ul>
      {r.status === "pending" ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="success" disabled={decide.isPending} onClick={accept}>
            <Check aria-hidden /> Accept
            <span className="sr-only"> consent for {r.childName}</span>
          </Button>
          <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => onReject(r)}>
            <X aria-hidden /> Reject
            <span className="sr-only"> consent for {r.childName}</span>
          </Button>
        </div>
      ) : (
        decided && (
          <p className="mt-3 text-sm text-slate-700">
            <Badge variant={decided.variant}>{decided.label}</Badge>
            {r.decidedAt && <> on {formatDateTime(r.decidedAt)}</>}
            {r.decidedBy && <> by {r.decidedBy}</>}
          </p>
        )
      )}
    </article>
  );
}

/** A rejection needs a reason, which the parent's e-mail and the child's settings show. */
function RejectDialog({ review, onClose }: { review: ConsentReview | null; onClose: () => void }) {
  const decide = useDecideConsentReview();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason("");
    setError(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!review) return;
    const parsed = ConsentRejectSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(REJECTION_REASON_MESSAGE);
      return;
    }
    decide.mutate(
      { id: review.id, decision: "reject", reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast({ title: "Consent rejected", description: `${review.fullName} is told why by e-mail.` });
          close();
        },
        onError: (err) => {
          const message =
            (err instanceof ApiRequestError && err.fieldErrors.reason) ||
            clientErrorMessage(err, "Couldn't reject the consent. Please try again.");
          setError(message);
        },
      },
    );
  };
  return (
    <Dialog open={review !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-md">
        <DialogTitle>Reject the consent for {review?.childName}?</DialogTitle>
        <DialogDescription>
          The parent reads this reason in the e-mail we send and in the child's settings.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="mt-4 grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="rejection-reason">Reason</Label>
            <textarea
              id="rejection-reason"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "rejection-reason-error" : undefined}
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            />
            {error && (
              <p id="rejection-reason-error" role="alert" className="text-sm font-medium text-red-700">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={decide.isPending}>
              Reject consent
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * docs/decisions/160: the consents parents gave for their children under 13 with a method a person checks
 * (government ID, phone call), waiting for staff to accept or reject them; decided ones stay readable.
 */
export function ConsentReviews() {
  const [filter, setFilter] = useState<Filter>("pending");
  const [rejecting, setRejecting] = useState<ConsentReview | null>(null);
  const reviews = useConsentReviews(filter);
  const items = reviews.data?.pages.flatMap((p) => p.items);
  return (
    <Card aria-labelledby="consent-reviews-title">
      <CardHeader>
        <CardTitle id="consent-reviews-title">Consent reviews</CardTitle>
        <CardDescription>
          Parents' consents for children under 13 that need a person to check: waiting ones oldest first, decided ones
          newest first
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="mb-4 flex gap-2">
          <legend className="sr-only">Show</legend>
          {(["pending", "decided"] as const).map((f) => (
            <Button
              key={f}
              type="button"
              size="sm"
              variant={filter === f ? "default" : "outline"}
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
            >
              {f === "pending" ? "Waiting" : "Decided"}
            </Button>
          ))}
        </fieldset>
        {reviews.isPending ? (
          <Spinner label="Loading consent reviews" className="py-6" />
        ) : items === undefined ? (
          <LoadFailed what="consent reviews" />
        ) : items.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
            {filter === "pending" ? "No consent is waiting for a review." : "No consent has been decided yet."}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {items.map((r) => (
              <li key={r.id} className="py-3 first:pt-0 last:pb-0">
                <ReviewItem review={r} onReject={setRejecting} />
              </li>
            ))}
          </ul>
        )}
        {reviews.hasNextPage && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-3 w-full"
            disabled={reviews.isFetchingNextPage}
            onClick={() => reviews.fetchNextPage()}
          >
            Show more
          </Button>
        )}
      </CardContent>
      <RejectDialog review={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
