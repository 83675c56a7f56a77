import { KeyRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { ApiRequestError } from "@/lib/api";
import { normalizeCode, useKidLogin } from "../api/kid-login";

export const CODE_LENGTH = 8;

function messageFor(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return "Too many tries. Wait a few minutes, then try again.";
    if (error.status === 403) return error.serverMessage ?? "This profile can't sign in right now. Ask your parent.";
    if (error.status === 400 || error.status === 401 || error.status === 404) {
      return "That code didn't work. It may be mistyped, already used or expired (codes last 15 minutes). Ask your parent for a new one.";
    }
  }
  return "Something went wrong. Check your connection and try again.";
}

/** A child enters the one-time code a parent created and lands on their own dashboard. */
export function KidSigninForm() {
  const [, navigate] = useLocation();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const login = useKidLogin();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (normalizeCode(code).length !== CODE_LENGTH) {
      setError(`Your code has ${CODE_LENGTH} letters and numbers.`);
      return;
    }
    setError(null);
    login.mutate(code, {
      onSuccess: ({ child }) => navigate(`/child/${child.id}`),
      onError: (err) => setError(messageFor(err)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={inputId} className="text-base">
          Your sign-in code
        </Label>
        <Input
          id={inputId}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setError(null);
          }}
          maxLength={CODE_LENGTH + 2}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          placeholder="ABCD2345"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="h-16 text-center font-mono text-3xl font-bold uppercase tracking-[0.3em] placeholder:tracking-[0.3em] placeholder:text-slate-300 sm:text-3xl"
        />
        <p id={hintId} className="text-sm text-slate-600">
          Ask your parent to create a code for you in Pocketwise. It works once, for 15 minutes.
        </p>
        <FieldError id={errorId}>{error ?? undefined}</FieldError>
      </div>
      <Button type="submit" size="lg" disabled={login.isPending}>
        <KeyRound aria-hidden />
        {login.isPending ? "Checking your code..." : "Let's go!"}
      </Button>
    </form>
  );
}
