import type { LoginCode } from "@shared/schemas/kid-auth";
import { Check, Copy, KeyRound, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { ApiRequestError } from "@/lib/api";
import { useCreateLoginCode } from "../api/create-login-code";

function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

function CodeDisplay({ login, childName }: { login: LoginCode; childName: string }) {
  const now = useNow(10_000);
  const [copied, setCopied] = useState(false);
  const expires = new Date(login.expiresAt);
  const minutesLeft = Math.ceil((expires.getTime() - now) / 60_000);
  const expired = minutesLeft <= 0;
  const time = expires.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });

  return (
    <div className="mt-5 grid gap-4">
      <output
        aria-label={`Sign-in code for ${childName}`}
        data-testid="kid-signin-code"
        className={
          expired
            ? "block rounded-xl bg-slate-100 py-4 text-center font-mono text-4xl font-bold tracking-[0.25em] text-slate-400 line-through sm:text-5xl"
            : "block rounded-xl bg-brand-50 py-4 text-center font-mono text-4xl font-bold tracking-[0.25em] text-brand-800 sm:text-5xl"
        }
      >
        {login.code}
      </output>
      <p className="text-center text-sm font-medium text-slate-700" aria-live="polite">
        {expired
          ? "This code has expired. Create a new one."
          : `Works once, until ${time} (${minutesLeft} ${minutesLeft === 1 ? "minute" : "minutes"} left).`}
      </p>
      <ol className="list-decimal space-y-1 rounded-xl border border-slate-200 p-4 pl-8 text-sm text-slate-700">
        <li>
          On {childName}'s device open
          <span className="block font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {window.location.origin}/kid
          </span>
        </li>
        <li>Enter this code. {childName} lands on their own dashboard and can ask for purchases.</li>
      </ol>
      {!expired && (
        <Button
          variant="outline"
          onClick={() => {
            navigator.clipboard
              ?.writeText(login.code)
              .then(() => setCopied(true))
              .catch(() => setCopied(false));
          }}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied" : "Copy code"}
        </Button>
      )}
    </div>
  );
}

/** A parent creates a one-time code so the child can sign in on their own device (docs/product-contract.md "Ownership and roles"). */
export function CreateSigninCode({ childId, childName }: { childId: string; childName: string }) {
  const [open, setOpen] = useState(false);
  const create = useCreateLoginCode(childId);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) create.mutate();
    else create.reset();
  };

  const error =
    create.error instanceof ApiRequestError && create.error.serverMessage
      ? create.error.serverMessage
      : "Couldn't create a sign-in code. Please try again.";

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <KeyRound aria-hidden />
          Create sign-in code
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogTitle>Sign-in code for {childName}</DialogTitle>
        <DialogDescription>
          Each code works once, for 15 minutes. A new code cancels the previous one. Share it only with {childName}.
        </DialogDescription>
        {create.isPending && (
          <p className="mt-6 text-center text-slate-600" role="status">
            Creating a code...
          </p>
        )}
        {create.isError && (
          <div className="mt-6 grid gap-2 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800" role="alert">
            <p>{error}</p>
            {/* The server names the consent step; the link takes the parent there (docs/decisions/160). */}
            {create.error instanceof ApiRequestError && create.error.code === "consent_required" && (
              <Link
                href={`/coppa-consent?child=${encodeURIComponent(childId)}`}
                className="justify-self-start text-brand-800 underline underline-offset-2"
              >
                Give consent for {childName}
              </Link>
            )}
          </div>
        )}
        {create.data && <CodeDisplay login={create.data} childName={childName} />}
        {!create.isPending && (
          <Button variant="ghost" className="mt-2 w-full" onClick={() => create.mutate()}>
            <RefreshCw aria-hidden />
            Create a new code
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
