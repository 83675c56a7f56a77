import { Link, useLocation, useSearch } from "wouter";
import { AuthScreen } from "@/features/auth/components/auth-screen";
import { ResetPasswordForm } from "@/features/auth/components/password-reset-forms";
import { TEXT_LINK } from "@/features/auth/components/sign-in-forms";
import { toast } from "@/hooks/use-toast";

/** /reset-password?token=…: the page the reset e-mail links to (docs/decisions/100-password-reset.md). */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token");
  const [, navigate] = useLocation();
  const done = () => {
    toast({ title: "Password changed", description: "You are signed in. Other devices have been signed out." });
    navigate("/", { replace: true });
  };
  return (
    <AuthScreen title="Choose a new password" intro="Pick a password you do not use anywhere else.">
      {token ? (
        <ResetPasswordForm token={token} onDone={done} />
      ) : (
        <p role="alert" className="text-center text-slate-800">
          This page needs the link from your reset e-mail.{" "}
          <Link href="/forgot-password" className={TEXT_LINK}>
            Send me a new link
          </Link>
        </p>
      )}
    </AuthScreen>
  );
}
