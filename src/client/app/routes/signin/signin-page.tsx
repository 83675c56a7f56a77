import { ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { AppShell } from "@/components/layouts/app-shell";
import { Card } from "@/components/ui/card";
import { LogInForm, SignUpForm } from "@/features/auth/components/sign-in-forms";
import { useAuth } from "@/lib/auth";
import { cn } from "@/lib/cn";

type Mode = "signup" | "login";

/** Only same-site paths are returned to, whatever the address says. */
export function safeReturnTo(value: string | null): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/";
  return value;
}

/** The sign-in screen /api/login sends the browser to (docs/product-contract.md "Accounts and sessions (parents)"). */
export default function SignInPage() {
  const params = new URLSearchParams(useSearch());
  const mode: Mode = params.get("mode") === "signup" ? "signup" : "login";
  const returnTo = safeReturnTo(params.get("returnTo"));
  const providerFailed = params.get("error") === "provider";
  const [, navigate] = useLocation();
  const { isAuthenticated } = useAuth();

  useEffect(() => {
    if (isAuthenticated) navigate(returnTo, { replace: true });
  }, [isAuthenticated, navigate, returnTo]);

  const switchTo = (next: Mode) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set("mode", next);
    navigate(`/signin?${nextParams}`, { replace: true });
  };

  const done = () => navigate(returnTo, { replace: true });

  return (
    <AppShell>
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
        <div className="mb-6 text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {mode === "signup" ? "Create your family account" : "Welcome Back"}
          </h1>
          <p className="mt-2 text-slate-600">
            {mode === "signup"
              ? "14 days free, no card needed. Set up in about 2 minutes."
              : "Sign in to your family dashboard"}
          </p>
        </div>
        <Card className="p-5 sm:p-7">
          <fieldset className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
            <legend className="sr-only">Create an account or sign in</legend>
            {(["signup", "login"] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                onClick={() => switchTo(m)}
                className={cn(
                  "rounded-md px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
                  mode === m ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
                )}
              >
                {m === "signup" ? "Sign up" : "Log in"}
              </button>
            ))}
          </fieldset>
          {providerFailed && (
            <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              Signing in with your provider did not work. Please try again.
            </p>
          )}
          {mode === "signup" ? <SignUpForm key="signup" onDone={done} /> : <LogInForm key="login" onDone={done} />}
          <p className="mt-5 text-center text-sm text-slate-700">
            {mode === "signup" ? "Already have an account? " : "New to Pocketwise? "}
            <button
              type="button"
              onClick={() => switchTo(mode === "signup" ? "login" : "signup")}
              className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              {mode === "signup" ? "Sign in" : "Create a free account"}
            </button>
          </p>
        </Card>
        {mode === "signup" && (
          <p className="mt-5 text-center text-xs leading-relaxed text-slate-600">
            By creating an account you agree to our{" "}
            <a href="/terms" className="font-medium text-brand-700 underline">
              Terms of Service
            </a>{" "}
            and{" "}
            <a href="/privacy" className="font-medium text-brand-700 underline">
              Privacy Policy
            </a>
            .
            <span className="mt-2 flex items-center justify-center gap-1.5">
              <ShieldCheck className="h-4 w-4 text-emerald-700" aria-hidden /> COPPA compliant for children under 13.
            </span>
          </p>
        )}
      </div>
    </AppShell>
  );
}
