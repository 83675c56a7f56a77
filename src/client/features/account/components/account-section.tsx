import { NO_PASSWORD_PASSWORD } from "@shared/schemas/account";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { clientErrorMessage } from "@/lib/api";
import { useAccount } from "../api/get-account";
import { GENERIC_FAILURE } from "../lib/server-errors";
import { EmailForm } from "./email-form";
import { ProviderNote } from "./form-alert";
import { NameForm } from "./name-form";
import { PasswordForm } from "./password-form";
import { SignOutEverywhereButton } from "./sign-out-everywhere-button";

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 border-t border-slate-200 pt-5 first:border-t-0 first:pt-0">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** docs/decisions/156: the signed-in adult's name, e-mail, password and sessions; the account menu's Settings. */
export function AccountSection({ id }: { id: string }) {
  const account = useAccount();
  return (
    <Card id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <CardHeader>
        <CardTitle id={`${id}-title`}>Your account</CardTitle>
        <CardDescription>Your name, e-mail, password and where you are signed in</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {account.isLoading && <Spinner label="Loading your account" />}
        {account.isError && (
          <p role="alert" className="text-sm text-red-800">
            {clientErrorMessage(account.error, GENERIC_FAILURE)}
          </p>
        )}
        {account.data && (
          <>
            <Part id={`${id}-name`} title="Name">
              <NameForm account={account.data} />
            </Part>
            <Part id={`${id}-email`} title="E-mail">
              <EmailForm account={account.data} />
            </Part>
            <Part id={`${id}-password`} title="Password">
              {account.data.hasPassword ? <PasswordForm /> : <ProviderNote>{NO_PASSWORD_PASSWORD}</ProviderNote>}
            </Part>
            <Part id={`${id}-sessions`} title="Signed-in devices">
              <p className="text-sm text-slate-700">
                Lost a phone or used a shared computer? Sign out of Pocketwise on every browser and device at once.
              </p>
              <SignOutEverywhereButton />
            </Part>
          </>
        )}
      </CardContent>
    </Card>
  );
}
