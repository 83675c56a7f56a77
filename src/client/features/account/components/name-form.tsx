import { zodResolver } from "@hookform/resolvers/zod";
import { type Account, type AccountName, AccountNameSchema } from "@shared/schemas/account";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { useUpdateAccountName } from "../api/update-account-name";
import { placeServerError } from "../lib/server-errors";
import { FormAlert } from "./form-alert";

export function NameForm({ account }: { account: Account }) {
  const update = useUpdateAccountName();
  const form = useForm<AccountName, unknown, z.output<typeof AccountNameSchema>>({
    resolver: zodResolver(AccountNameSchema),
    defaultValues: { firstName: account.firstName ?? "", lastName: account.lastName ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ firstName: saved.firstName ?? "", lastName: saved.lastName ?? "" });
      toast({ title: "Name saved", description: "Your family sees your new name." });
    } catch (error) {
      const message = placeServerError(error, ["firstName", "lastName"], form.setError);
      if (message) form.setError("root.server", { message });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Your name">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="account-first-name" label="First name" error={errors.firstName?.message}>
          <Input
            id="account-first-name"
            autoComplete="given-name"
            {...describedBy("account-first-name", { error: errors.firstName?.message })}
            {...form.register("firstName")}
          />
        </FormField>
        <FormField id="account-last-name" label="Last name" error={errors.lastName?.message}>
          <Input
            id="account-last-name"
            autoComplete="family-name"
            {...describedBy("account-last-name", { error: errors.lastName?.message })}
            {...form.register("lastName")}
          />
        </FormField>
      </div>
      {account.signsInWithProvider && (
        <p className="text-sm text-slate-600">
          Your identity provider sets your name again each time you sign in with it.
        </p>
      )}
      <FormAlert message={errors.root?.server?.message} />
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? "Saving..." : "Save name"}
      </Button>
    </form>
  );
}
