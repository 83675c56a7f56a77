import { Link } from "wouter";
import { AuthScreen } from "@/features/auth/components/auth-screen";
import { ForgotPasswordForm } from "@/features/auth/components/password-reset-forms";
import { TEXT_LINK } from "@/features/auth/components/sign-in-forms";

/** /forgot-password: asks for a reset link (docs/decisions/100-password-reset.md). */
export default function ForgotPasswordPage() {
  return (
    <AuthScreen
      title="Forgot your password?"
      intro="Enter your account's e-mail and we will send you a link to choose a new one."
    >
      <ForgotPasswordForm />
      <p className="mt-5 text-center text-sm text-slate-700">
        Remembered it?{" "}
        <Link href="/signin?mode=login" className={TEXT_LINK}>
          Sign in
        </Link>
      </p>
    </AuthScreen>
  );
}
