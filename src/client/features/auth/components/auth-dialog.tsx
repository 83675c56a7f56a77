import { CheckCircle2, Clock, Gift, ShieldCheck, Sparkles, Users, Wallet } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { loginUrl } from "@/features/auth/unauthorized";
import { useAuth } from "@/lib/auth";
import { closeAuthDialog, switchAuthDialogMode, useAuthDialogState } from "@/lib/auth-dialog";

// spec 000 §2 "Sign-in and sign-up dialog": the four benefits of the left panel.
const BENEFITS = [
  { icon: ShieldCheck, title: "COPPA compliant", text: "Built for children's safety, including under-13s." },
  { icon: Users, title: "Multi-child management", text: "Every child with their own budget and rules." },
  { icon: Wallet, title: "Smart auto-approval", text: "Set the rules once; small purchases go through." },
  { icon: Gift, title: "Free trial", text: "14 days free, no card needed." },
] as const;

const TRIAL_FACTS = [
  { value: "14 days", label: "free trial" },
  { value: "$0", label: "setup cost" },
  { value: "2 min", label: "setup time" },
] as const;

function goToLogin(mode: "signup" | "login") {
  window.location.href = loginUrl(mode);
}

function SwitchLink({ to, children }: { to: "signup" | "login"; children: string }) {
  return (
    <button
      type="button"
      onClick={() => switchAuthDialogMode(to)}
      className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {children}
    </button>
  );
}

function SignupBody() {
  return (
    <>
      <DialogTitle>Start your family's free trial</DialogTitle>
      <DialogDescription>Create your parent account and add your first child in minutes.</DialogDescription>
      <dl className="mt-5 grid grid-cols-3 gap-2 rounded-xl bg-brand-50 p-3 text-center">
        {TRIAL_FACTS.map((f) => (
          <div key={f.label} className="flex flex-col-reverse">
            {/* The label is the term and the figure its value; the figure still shows on top. */}
            <dt className="text-xs text-slate-700">{f.label}</dt>
            <dd className="text-lg font-bold text-brand-800">{f.value}</dd>
          </div>
        ))}
      </dl>
      <Button size="lg" className="mt-5 w-full" onClick={() => goToLogin("signup")}>
        Start Free Trial
      </Button>
      <p className="mt-4 text-center text-sm text-slate-700">
        Already have an account? <SwitchLink to="login">Sign in</SwitchLink>
      </p>
      <p className="mt-5 text-xs leading-relaxed text-slate-600">
        By signing up you agree to our{" "}
        <a href="/terms" className="font-medium text-brand-700 underline">
          Terms of Service
        </a>{" "}
        and{" "}
        <a href="/privacy" className="font-medium text-brand-700 underline">
          Privacy Policy
        </a>
        .
      </p>
      <p className="mt-2 flex items-start gap-1.5 text-xs text-slate-600">
        <ShieldCheck className="mt-px h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
        COPPA compliant: parental consent protects children under 13.
      </p>
    </>
  );
}

function LoginBody() {
  return (
    <>
      <DialogTitle>Welcome Back</DialogTitle>
      <DialogDescription>Sign in to your family dashboard</DialogDescription>
      <Button size="lg" className="mt-6 w-full" onClick={() => goToLogin("login")}>
        Sign In
      </Button>
      <p className="mt-4 text-center text-sm text-slate-700">
        New to Pocketwise? <SwitchLink to="signup">Create a free account</SwitchLink>
      </p>
    </>
  );
}

function WelcomeBody() {
  return (
    <div className="text-center">
      <Sparkles className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
      <DialogTitle className="mt-3">Welcome to Pocketwise!</DialogTitle>
      <DialogDescription className="mt-2">Your family's journey to financial literacy starts now.</DialogDescription>
      <Button size="lg" className="mt-6 w-full" onClick={closeAuthDialog}>
        Get Started
      </Button>
    </div>
  );
}

/** spec 000 §2: three modes; sign-in and sign-up both happen by going to /api/login. */
export function AuthDialog() {
  const { open, mode } = useAuthDialogState();
  const { isAuthenticated } = useAuth();

  // A signed-in user never sees the dialog (spec 000 §6).
  useEffect(() => {
    if (isAuthenticated && open) closeAuthDialog();
  }, [isAuthenticated, open]);

  return (
    <Dialog open={open && !isAuthenticated} onOpenChange={(next) => !next && closeAuthDialog()}>
      <DialogContent className="max-w-3xl overflow-hidden p-0">
        <div className="grid md:grid-cols-[2fr_3fr]">
          <aside className="hidden flex-col gap-5 bg-gradient-to-br from-brand-700 to-brand-800 p-7 text-white md:flex">
            <p className="text-lg font-bold">Why families choose Pocketwise</p>
            <ul className="flex flex-col gap-4">
              {BENEFITS.map((b) => (
                <li key={b.title} className="flex gap-3">
                  <b.icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-100" aria-hidden />
                  <span>
                    <span className="block text-sm font-semibold">{b.title}</span>
                    <span className="block text-sm text-brand-100">{b.text}</span>
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-auto flex items-center gap-2 text-xs text-brand-100">
              <Clock className="h-4 w-4" aria-hidden /> Set up in about 2 minutes
            </p>
          </aside>
          <div className="p-6 sm:p-8">
            {mode === "signup" && <SignupBody />}
            {mode === "login" && <LoginBody />}
            {mode === "welcome" && <WelcomeBody />}
            {mode !== "welcome" && (
              <p className="mt-6 flex items-center justify-center gap-1.5 text-xs text-slate-600">
                <CheckCircle2 className="h-4 w-4 text-emerald-700" aria-hidden /> No credit card required
              </p>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
