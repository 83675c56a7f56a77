import { zodResolver } from "@hookform/resolvers/zod";
import {
  type Account,
  type EmailChangeRequest,
  EmailChangeRequestSchema,
  NO_PASSWORD_EMAIL,
} from "@shared/schemas/account";
import { MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useRequestEmailChange } from "../api/request-email-change";
import { placeServerError } from "../lib/server-errors";
import { FormAlert, ProviderNote } from "./form-alert";

const until = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: "short", hour: "numeric", minute: "2-digit" });

function PendingEmail({ pending }: { pending: NonNullable<Account["pendingEmail"]> }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
      <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
      <div className="min-w-0 text-sm text-slate-800">
        <p className="font-semibold">Check your new inbox</p>
        <p>
          We sent a link to <span className="break-all font-medium">{pending.email}</span>. Your e-mail changes when you
          open it (until {until(pending.expiresAt)}).
        </p>
      </div>
    </div>
  );
}

/** The new address is confirmed by a link sent to it; the current one is told (docs/decisions/156). */
export function EmailForm({ account }: { account: Account }) {
  const request = useRequestEmailChange();
  const form = useForm<EmailChangeRequest, unknown, z.output<typeof EmailChangeRequestSchema>>({
    resolver: zodResolver(EmailChangeRequestSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
      form.reset({ email: "", password: "" });
    } catch (error) {
      const message = placeServerError(error, ["email", "password"], form.setError);
      if (message) form.setError("root.server", { message });
    }
  });
  return (
    <div className="grid gap-4">
      {/* The address wraps onto its own line before it is ever broken inside. */}
      <p className="flex flex-wrap gap-x-1 text-sm text-slate-700">
        <span>Current e-mail:</span>{" "}
        <span className="min-w-0 break-all font-medium text-slate-900">{account.email}</span>
      </p>
      {account.pendingEmail && <PendingEmail pending={account.pendingEmail} />}
      {account.hasPassword ? (
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change your e-mail">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="account-new-email" label="New e-mail" error={errors.email?.message}>
              <Input
                id="account-new-email"
                type="email"
                autoComplete="email"
                {...describedBy("account-new-email", { error: errors.email?.message })}
                {...form.register("email")}
              />
            </FormField>
            <FormField id="account-email-password" label="Current password" error={errors.password?.message}>
              <Input
                id="account-email-password"
                type="password"
                autoComplete="current-password"
                {...describedBy("account-email-password", { error: errors.password?.message })}
                {...form.register("password")}
              />
            </FormField>
          </div>
          <FormAlert message={errors.root?.server?.message} />
          <Button type="submit" variant="outline" className="justify-self-start" disabled={isSubmitting}>
            {isSubmitting ? "Sending..." : "Send confirmation link"}
          </Button>
        </form>
      ) : (
        <ProviderNote>{NO_PASSWORD_EMAIL}</ProviderNote>
      )}
    </div>
  );
}
