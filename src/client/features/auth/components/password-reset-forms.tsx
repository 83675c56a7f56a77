import { zodResolver } from "@hookform/resolvers/zod";
import { PasswordSchema } from "@shared/schemas/auth";
import {
  PASSWORD_RESET_TOKEN_INVALID,
  type PasswordResetRequest,
  PasswordResetRequestSchema,
} from "@shared/schemas/password-reset";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useRequestPasswordReset } from "@/features/auth/api/request-password-reset";
import { useResetPassword } from "@/features/auth/api/reset-password";
import { applyServerError, FormAlert, TEXT_LINK } from "./sign-in-forms";

/** Asks for a reset link; the server's answer, the same for every address, then stands in the form's place. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [accepted, setAccepted] = useState<string | null>(null);
  const form = useForm<PasswordResetRequest, unknown, z.output<typeof PasswordResetRequestSchema>>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setAccepted((await request.mutateAsync(values)).message);
    } catch (error) {
      const message = applyServerError(error, ["email"], form.setError);
      if (message) form.setError("root.server", { message });
    }
  });
  if (accepted) {
    return (
      <div role="status" className="grid justify-items-center gap-3 text-center">
        <MailCheck className="h-10 w-10 text-emerald-700" aria-hidden />
        <p className="text-slate-800">{accepted}</p>
        <p className="text-sm text-slate-600">The link works once, for 30 minutes. Check your spam folder too.</p>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset your password">
      <FormField id="forgot-email" label="E-mail" error={errors.email?.message}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          {...describedBy("forgot-email", { error: errors.email?.message })}
          {...form.register("email")}
        />
      </FormField>
      <FormAlert message={errors.root?.server?.message} />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send reset link"}
      </Button>
    </form>
  );
}

const NewPasswordSchema = z
  .object({ password: PasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: "The passwords do not match",
    path: ["confirmPassword"],
  });
type NewPassword = z.input<typeof NewPasswordSchema>;

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword();
  const form = useForm<NewPassword>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
      onDone();
    } catch (error) {
      const message = applyServerError(error, ["password"], form.setError);
      if (message) form.setError("root.server", { message });
    }
  });
  const linkFailed = errors.root?.server?.message === PASSWORD_RESET_TOKEN_INVALID;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
      <FormField
        id="reset-password"
        label="New password"
        hint={errors.password?.message ? undefined : "At least 8 characters."}
        error={errors.password?.message}
      >
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          {...describedBy("reset-password", { error: errors.password?.message, hint: !errors.password?.message })}
          {...form.register("password")}
        />
      </FormField>
      <FormField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          id="reset-confirm-password"
          type="password"
          autoComplete="new-password"
          {...describedBy("reset-confirm-password", { error: errors.confirmPassword?.message })}
          {...form.register("confirmPassword")}
        />
      </FormField>
      <FormAlert message={errors.root?.server?.message} />
      {linkFailed && (
        <Link href="/forgot-password" className={`text-center text-sm ${TEXT_LINK}`}>
          Send me a new link
        </Link>
      )}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Saving..." : "Save new password"}
      </Button>
    </form>
  );
}
