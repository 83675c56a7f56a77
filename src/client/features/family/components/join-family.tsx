import type { Invitation } from "@shared/schemas/family";
import { AlertTriangle, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatAmount } from "@/components/ui/money";
import { Spinner } from "@/components/ui/spinner";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { useAcceptInvitation } from "../api/accept-invitation";
import { useInvitation } from "../api/get-invitation";

const dateFormat = new Intl.DateTimeFormat(undefined, { month: "long", day: "numeric" });
const JOIN_FAILED = "Could not join the family. Please try again.";

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto w-full max-w-lg p-5 sm:p-7">
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
        <Users className="h-6 w-6" aria-hidden />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children}
    </Card>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="mt-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

function Offer({ invitation }: { invitation: Invitation }) {
  return (
    <dl className="mt-5 grid gap-3 rounded-xl bg-slate-50 p-4 text-sm">
      <div className="flex flex-wrap justify-between gap-x-3">
        <dt className="text-slate-600">Invited by</dt>
        <dd className="font-medium text-slate-900">{invitation.invitedBy}</dd>
      </div>
      <div className="flex flex-wrap justify-between gap-x-3">
        <dt className="text-slate-600">Sent to</dt>
        <dd className="break-all font-medium text-slate-900">{invitation.email}</dd>
      </div>
      <div className="flex flex-wrap justify-between gap-x-3">
        <dt className="text-slate-600">You can approve</dt>
        <dd className="font-medium text-slate-900">
          {invitation.approvalLimit === null ? "Any amount" : `Up to ${formatAmount(invitation.approvalLimit)}`}
        </dd>
      </div>
      <div className="flex flex-wrap justify-between gap-x-3">
        <dt className="text-slate-600">Link works until</dt>
        <dd className="font-medium text-slate-900">{dateFormat.format(new Date(invitation.expiresAt))}</dd>
      </div>
    </dl>
  );
}

/**
 * The invitation link's page (docs/product-contract.md "The family and its guardians"): what joining means, then
 * a way in for a visitor, or Join for a signed-in adult. `signInUrl` returns to this page after signing in;
 * the route builds it, since signing in is another feature's.
 */
export function JoinFamily({
  token,
  user,
  userLoading,
  signInUrl,
  onJoined,
}: {
  token: string;
  user: { email: string } | null;
  userLoading: boolean;
  signInUrl: (mode: "signup" | "login") => string;
  onJoined: () => void;
}) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();

  if (invitation.isLoading || userLoading) return <Spinner className="min-h-[50vh]" label="Loading the invitation" />;

  if (!invitation.data) {
    const notFound = invitation.error instanceof ApiRequestError && invitation.error.status === 404;
    return (
      <Frame title={notFound ? "This invitation link is not valid" : "Could not open the invitation"}>
        <p className="mt-2 text-slate-700">
          {notFound
            ? "It may have been withdrawn, or part of the link is missing. Ask the person who invited you to send a new one."
            : clientErrorMessage(invitation.error, "Please reload the page to try again.")}
        </p>
      </Frame>
    );
  }

  const { invitedBy, email, status } = invitation.data;
  if (status === "expired") {
    return (
      <Frame title="This invitation has expired">
        <p className="mt-2 text-slate-700">Invitation links work for 7 days. Ask {invitedBy} to send you a new one.</p>
      </Frame>
    );
  }
  if (status === "accepted") {
    return (
      <Frame title="This invitation has already been used">
        <p className="mt-2 text-slate-700">
          Each link works once. If you joined with it, sign in to see the family; otherwise ask {invitedBy} for a new
          one.
        </p>
        <Button asChild className="mt-5 w-full sm:w-auto">
          <a href={user ? "/" : signInUrl("login")}>{user ? "Go to the Family Dashboard" : "Sign in"}</a>
        </Button>
      </Frame>
    );
  }

  const otherAccount = user !== null && user.email.toLowerCase() !== email.toLowerCase();
  const failure = accept.error
    ? accept.error instanceof ApiRequestError && accept.error.status === 404
      ? "This invitation link is not valid any more. Ask for a new one."
      : clientErrorMessage(accept.error, JOIN_FAILED)
    : null;
  return (
    <Frame title={`Join ${invitedBy}'s family on Pocketwise`}>
      <p className="mt-2 text-slate-700">
        {invitedBy} asks you to help look after the family's children: you will see their budgets and decide on their
        requests.
      </p>
      <Offer invitation={invitation.data} />
      {user === null ? (
        <>
          <p className="mt-5 text-sm text-slate-700">
            Create an account with {email}, or sign in if you already have one. You will come back here to join.
          </p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Button asChild size="lg" className="sm:flex-1">
              <a href={signInUrl("signup")}>Create an account</a>
            </Button>
            <Button asChild size="lg" variant="outline" className="sm:flex-1">
              <a href={signInUrl("login")}>Sign in</a>
            </Button>
          </div>
        </>
      ) : otherAccount ? (
        <>
          <Problem>
            This invitation was sent to {email}, but you are signed in as {user.email}. Log out, then open the link
            again and sign in with {email}.
          </Problem>
          <Button asChild variant="outline" className="mt-4 w-full sm:w-auto">
            <a href="/api/logout">Log out</a>
          </Button>
        </>
      ) : (
        <>
          <p className="mt-5 text-sm text-slate-700">You are signed in as {user.email}.</p>
          {failure && <Problem>{failure}</Problem>}
          <Button
            size="lg"
            className="mt-4 w-full"
            disabled={accept.isPending}
            onClick={() => accept.mutate(token, { onSuccess: onJoined })}
          >
            {accept.isPending ? "Joining..." : "Join the family"}
          </Button>
        </>
      )}
    </Frame>
  );
}
