import { Link, useSearch } from "wouter";
import { ConfirmEmailChange } from "@/features/account/components/confirm-email-change";
import { AuthScreen } from "@/features/auth/components/auth-screen";
import { TEXT_LINK } from "@/features/auth/components/sign-in-forms";

/** /account/confirm-email?token=…: the page the e-mail change link opens, signed in or not (docs/decisions/156). */
export default function ConfirmEmailPage() {
  const token = new URLSearchParams(useSearch()).get("token");
  return (
    <AuthScreen
      title="Confirm your new e-mail"
      intro="This link moves your Pocketwise account to a new e-mail address."
    >
      <div className="grid gap-5">
        <ConfirmEmailChange token={token} />
        <Link href="/parent#account" className={`text-center text-sm ${TEXT_LINK}`}>
          Go to your account
        </Link>
      </div>
    </AuthScreen>
  );
}
