import { zodResolver } from "@hookform/resolvers/zod";
import { type PasswordChangeForm, PasswordChangeFormSchema } from "@shared/schemas/account";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { useChangePassword } from "../api/change-password";
import { placeServerError } from "../lib/server-errors";
import { FormAlert } from "./form-alert";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordChangeForm, unknown, z.output<typeof PasswordChangeFormSchema>>({
    resolver: zodResolver(PasswordChangeFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      toast({ title: "Password changed", description: "Other devices have been signed out." });
    } catch (error) {
      const message = placeServerError(error, ["currentPassword", "newPassword"], form.setError);
      if (message) form.setError("root.server", { message });
    }
  });
  const newError = errors.newPassword?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change your password">
      <FormField id="account-current-password" label="Current password" error={errors.currentPassword?.message}>
        <Input
          id="account-current-password"
          type="password"
          autoComplete="current-password"
          {...describedBy("account-current-password", { error: errors.currentPassword?.message })}
          {...form.register("currentPassword")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="account-new-password"
          label="New password"
          hint={newError ? undefined : "At least 8 characters."}
          error={newError}
        >
          <Input
            id="account-new-password"
            type="password"
            autoComplete="new-password"
            {...describedBy("account-new-password", { error: newError, hint: !newError })}
            {...form.register("newPassword")}
          />
        </FormField>
        <FormField id="account-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input
            id="account-confirm-password"
            type="password"
            autoComplete="new-password"
            {...describedBy("account-confirm-password", { error: errors.confirmPassword?.message })}
            {...form.register("confirmPassword")}
          />
        </FormField>
      </div>
      <FormAlert message={errors.root?.server?.message} />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? "Saving..." : "Change password"}
      </Button>
    </form>
  );
}
