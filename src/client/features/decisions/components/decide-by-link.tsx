import { zodResolver } from "@hookform/resolvers/zod";
import { formatDollars } from "@shared/rules/money";
import type { Cart } from "@shared/schemas/carts";
import {
  type DecideByLink as DecideByLinkInput,
  DecideByLinkSchema,
  type DecisionLink,
  type DecisionLinkGone,
} from "@shared/schemas/notifications";
import { CheckCircle2, Clock, ExternalLink, Info, LogIn, XCircle } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { formatAmount, toCents } from "@/components/ui/money";
import { Spinner } from "@/components/ui/spinner";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { useDecideByLink } from "../api/decide-by-link";
import { useDecisionLink } from "../api/get-decision-link";

/** Where "Sign in to approve" goes: the sign-in flow, then the Family Dashboard with its pending carts. */
export const SIGN_IN_TO_DECIDE = "/api/login?mode=login&returnTo=%2F";

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(
    new Date(iso),
  );

/** The 410's body, when the answer is one. */
function goneOf(error: unknown): DecisionLinkGone | null {
  if (!(error instanceof ApiRequestError) || error.status !== 410) return null;
  try {
    return JSON.parse(error.bodyText) as DecisionLinkGone;
  } catch {
    return { message: "This link does not work.", state: "unknown" };
  }
}

/**
 * What happened, in the reader's own time (the server's words name UTC): this link decided ("You approved
 * this"), someone else did, or the request expired. Anything else (a changed cart) is the server's sentence.
 */
function closedSentence(
  closed: Pick<DecisionLinkGone, "status" | "decidedBy" | "decidedAt" | "message"> & { state: string },
  expiresAt?: string | null,
) {
  const done = closed.status === "declined" ? "declined" : "approved";
  const at = closed.decidedAt ? ` on ${when(closed.decidedAt)}` : "";
  if (closed.state === "used") return `You ${done} this${at}.`;
  if (closed.decidedBy) return `${closed.decidedBy.firstName} already ${done} this${at}.`;
  if (closed.status === "declined" && closed.decidedAt) {
    return `This request expired${at} before anyone decided, so it was declined.`;
  }
  if (closed.status === "pending" && expiresAt && new Date(expiresAt) <= new Date()) {
    return `This request expired on ${when(expiresAt)} before anyone decided.`;
  }
  return closed.message;
}

function CartSummary({ link }: { link: DecisionLink }) {
  return (
    <div className="grid gap-4">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {link.items.map((item, i) => (
          // Items have no id; their order is the cart's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={i} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
            <span className="min-w-0 break-words text-slate-900">
              {item.url ? (
                <a
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {item.name}
                  <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-label="(opens the shop's page)" />
                </a>
              ) : (
                <span className="font-medium">{item.name}</span>
              )}
              {item.quantity > 1 && (
                <span className="text-slate-600">
                  {" "}
                  × {item.quantity} at {formatAmount(item.price)}
                </span>
              )}
            </span>
            <span className="shrink-0 tabular-nums text-slate-900">
              {formatDollars(toCents(item.price) * item.quantity)}
            </span>
          </li>
        ))}
        <li className="flex items-center justify-between gap-3 bg-slate-50 px-4 py-3 font-semibold text-slate-900">
          <span>Total</span>
          <span className="tabular-nums">{formatAmount(link.total)}</span>
        </li>
      </ul>
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Left of {link.childName}'s budget this month</dt>
          <dd className="shrink-0 font-medium tabular-nums text-slate-900">{formatAmount(link.budgetLeft)}</dd>
        </div>
        {link.reason && (
          <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-3">
            <dt className="text-slate-600">Why it needs you</dt>
            <dd className="font-medium text-slate-900 sm:text-right">
              {link.reason.charAt(0).toUpperCase() + link.reason.slice(1)}
            </dd>
          </div>
        )}
        {link.expiresAt && link.state === "open" && (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Expires</dt>
            <dd className="shrink-0 font-medium text-slate-900">{when(link.expiresAt)}</dd>
          </div>
        )}
      </dl>
      {link.state === "open" && toCents(link.total) > toCents(link.budgetLeft) && (
        <div className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
          Approving this would take {link.childName} over this month's budget.
        </div>
      )}
    </div>
  );
}

function Notice({
  tone,
  icon: Icon,
  title,
  children,
}: {
  tone: "success" | "info" | "warning";
  icon: typeof Info;
  title: string;
  children?: ReactNode;
}) {
  const tones = {
    success: "border-emerald-200 bg-emerald-50 text-emerald-900",
    info: "border-slate-200 bg-slate-50 text-slate-900",
    warning: "border-amber-200 bg-amber-50 text-amber-950",
  };
  return (
    <div role="status" className={`flex gap-3 rounded-xl border p-4 ${tones[tone]}`}>
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        {children && <div className="text-sm">{children}</div>}
      </div>
    </div>
  );
}

const SignInToApprove = () => (
  <Button asChild variant="default" className="w-full sm:w-auto">
    <a href={SIGN_IN_TO_DECIDE}>
      <LogIn aria-hidden /> Sign in to approve
    </a>
  </Button>
);

function Outcome({ cart, childName }: { cart: Cart; childName: string }) {
  return cart.status === "approved" ? (
    <Notice tone="success" icon={CheckCircle2} title={`Approved ${formatAmount(cart.total)}`}>
      {childName} can see it now. Thank you for deciding!
    </Notice>
  ) : (
    <Notice tone="info" icon={XCircle} title="Declined">
      {childName} can see it now{cart.decisionNote ? ", with your note" : ""}.
    </Notice>
  );
}

/** The confirmation: one button, and for a decline an optional note for the child. */
function Confirm({ link, decide }: { link: DecisionLink; decide: ReturnType<typeof useDecideByLink> }) {
  const form = useForm<DecideByLinkInput, unknown, z.output<typeof DecideByLinkSchema>>({
    resolver: zodResolver(DecideByLinkSchema),
    defaultValues: { note: "" },
    reValidateMode: "onSubmit",
  });
  const noteError = form.formState.errors.note?.message;
  const id = useId();
  const approve = link.decision === "approve";

  const onSubmit = form.handleSubmit(async ({ note }) => {
    try {
      await decide.mutateAsync(!approve && note ? { note } : {});
    } catch (error) {
      const message = error instanceof ApiRequestError && error.status === 400 ? error.fieldErrors.note : undefined;
      if (message) form.setError("note", { type: "server", message });
    }
  });

  const gone = goneOf(decide.error);
  if (gone) {
    return (
      <Notice tone="info" icon={Info} title="This link can no longer decide">
        {closedSentence(gone)}
      </Notice>
    );
  }
  const overBudget = decide.error instanceof ApiRequestError && decide.error.status === 409;
  // A 400 about the note is said beside the note, not a second time below it.
  const noteRefused =
    decide.error instanceof ApiRequestError && decide.error.status === 400 && !!decide.error.fieldErrors.note;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {!approve && (
        <FormField id={`${id}-note`} label={`Note for ${link.childName} (optional)`} error={noteError}>
          <Textarea
            id={`${id}-note`}
            maxLength={500}
            placeholder="Let's look for a cheaper one together."
            {...form.register("note")}
            {...describedBy(`${id}-note`, { error: noteError })}
          />
        </FormField>
      )}
      {overBudget ? (
        <Notice tone="warning" icon={Info} title="This would go over the budget">
          <p>{clientErrorMessage(decide.error, "")}</p>
          <div className="mt-3">
            <SignInToApprove />
          </div>
        </Notice>
      ) : (
        decide.isError &&
        !noteRefused && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {clientErrorMessage(decide.error, "We couldn't record your decision. Please try again.")}
          </p>
        )
      )}
      {!overBudget && (
        <Button
          type="submit"
          size="lg"
          variant={approve ? "success" : "destructive"}
          disabled={decide.isPending}
          className="w-full"
        >
          {approve ? `Approve ${formatAmount(link.total)}` : "Decline"}
        </Button>
      )}
    </form>
  );
}

/**
 * docs/product-contract.md "Deciding from anywhere": the page an e-mail's Approve or Decline link opens.
 * Opening it changes nothing (mail scanners open links too); the one button decides.
 */
export function DecideByLink({ token }: { token: string }) {
  const link = useDecisionLink(token);
  const decide = useDecideByLink(token);

  if (link.isLoading) return <Spinner label="Loading the request" />;
  if (link.isError) {
    const gone = goneOf(link.error);
    return (
      <Card className="grid gap-4 p-5 sm:p-7">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {gone ? "This link does not work" : "Something went wrong"}
        </h1>
        <p className="text-slate-700">
          {gone
            ? "It may be cut short (open it straight from the e-mail), or it is no longer yours to use."
            : clientErrorMessage(link.error, "We couldn't open this request. Please try again.")}
        </p>
        <p className="text-sm text-slate-700">
          Waiting requests are always on your{" "}
          <a href={SIGN_IN_TO_DECIDE} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Family Dashboard
          </a>
          .
        </p>
      </Card>
    );
  }
  const data = link.data as DecisionLink;
  const approve = data.decision === "approve";
  return (
    <Card className="grid gap-6 p-5 sm:p-7">
      <header className="grid gap-1">
        <p className="text-sm font-medium text-brand-700">
          {data.state !== "open" || decide.isSuccess
            ? "Purchase request"
            : approve
              ? "Approve this request?"
              : "Decline this request?"}
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {data.childName} is asking for {formatAmount(data.total)}
        </h1>
        <p className="text-slate-600">at {data.retailer}</p>
      </header>
      <CartSummary link={data} />
      {decide.isSuccess ? (
        <Outcome cart={decide.data} childName={data.childName} />
      ) : data.state === "open" ? (
        <Confirm link={data} decide={decide} />
      ) : (
        <Notice tone="info" icon={data.state === "used" ? CheckCircle2 : Clock} title="This link can no longer decide">
          {closedSentence({ ...data, message: data.message ?? "" }, data.expiresAt)}
        </Notice>
      )}
    </Card>
  );
}
