import { zodResolver } from "@hookform/resolvers/zod";
import { type KidLogin, KidLoginSchema } from "@shared/schemas/kid-auth";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiRequestError } from "@/lib/api";
import { normalizeCode, useKidLogin } from "../api/kid-login";

export const CODE_LENGTH = 8;

const HINT = "Ask your parent to create a code for you in Pocketwise. It works once, for 15 minutes.";

/**
 * The server's contract, and one more check it cannot make for us: the code a parent creates always has
 * CODE_LENGTH letters and numbers once spaces and dashes are dropped, so a shorter one is not worth a try.
 */
const CodeFormSchema = KidLoginSchema.refine(({ code }) => normalizeCode(code).length === CODE_LENGTH, {
  message: `Your code has ${CODE_LENGTH} letters and numbers.`,
  path: ["code"],
});

function messageFor(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return "Too many tries. Wait a few minutes, then try again.";
    if (error.status === 403) return error.serverMessage ?? "This profile can't sign in right now. Ask your parent.";
    // A 400 that names the code says what is wrong with it, in the contract's own words.
    if (error.status === 400 && error.fieldErrors.code) return error.fieldErrors.code;
    if (error.status === 400 || error.status === 401 || error.status === 404) {
      return "That code didn't work. It may be mistyped, already used or expired (codes last 15 minutes). Ask your parent for a new one.";
    }
  }
  return "Something went wrong. Check your connection and try again.";
}

/**
 * A page of this site to come back to after signing in (e.g. a store's checkout page), or null: only a path
 * on this site is taken, never another site ("//host", "/\\host", "https://...") nor anything unusual.
 */
export function safeReturnTo(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 512) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || /[\\\s]/.test(raw)) return null;
  try {
    const url = new URL(raw, "https://pocketwise.invalid");
    if (url.origin !== "https://pocketwise.invalid") return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/**
 * A child enters the one-time code a parent created and lands on their own dashboard, or on returnTo when a
 * page of this site sent them here.
 */
export function KidSigninForm({ returnTo }: { returnTo?: string | null } = {}) {
  const [, navigate] = useLocation();
  const login = useKidLogin();
  const inputId = useId();
  const form = useForm<KidLogin>({
    resolver: zodResolver(CodeFormSchema),
    defaultValues: { code: "", remember: false },
    // A message stays until the code is edited or tried again, never re-checked per keystroke.
    reValidateMode: "onSubmit",
  });
  const error = form.formState.errors.code?.message;

  const onSubmit = form.handleSubmit(async ({ code, remember }) => {
    try {
      const { child } = await login.mutateAsync({ code, remember });
      navigate(safeReturnTo(returnTo) ?? `/child/${child.id}`);
    } catch (err) {
      // Every refusal is about the one thing typed, so it is said beside the code.
      form.setError("code", { type: "server", message: messageFor(err) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        id={inputId}
        label="Your sign-in code"
        labelClassName="text-base"
        hint={HINT}
        error={error}
        className="gap-2"
      >
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => (
            <Input
              id={inputId}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => {
                field.onChange(e.target.value.toUpperCase());
                form.clearErrors("code");
              }}
              maxLength={CODE_LENGTH + 2}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              placeholder="ABCD2345"
              {...describedBy(inputId, { hint: true, error })}
              className="h-16 text-center font-mono text-3xl font-bold uppercase tracking-[0.3em] placeholder:tracking-[0.3em] placeholder:text-slate-300 sm:text-3xl"
            />
          )}
        />
      </FormField>
      <Controller
        control={form.control}
        name="remember"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Checkbox
              id={`${inputId}-remember`}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              className="mt-0.5"
            />
            <label htmlFor={`${inputId}-remember`} className="text-sm text-slate-700">
              <span className="font-semibold text-slate-900">Keep me signed in on this device</span>
              <span className="block">Only on your own device. Your parent can sign you out any time.</span>
            </label>
          </div>
        )}
      />
      <Button type="submit" size="lg" disabled={login.isPending}>
        <KeyRound aria-hidden />
        {login.isPending ? "Checking your code..." : "Let's go!"}
      </Button>
    </form>
  );
}
