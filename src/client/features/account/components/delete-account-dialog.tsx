import { zodResolver } from "@hookform/resolvers/zod";
import { type AccountDeletion, AccountDeletionSchema } from "@shared/schemas/account";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { queryKeys } from "@/lib/query-keys";
import { useDeleteAccount } from "../api/delete-account";
import { placeServerError } from "../lib/server-errors";
import { FormAlert } from "./form-alert";

const WORDING = {
  owner: {
    button: "Delete account",
    title: "Delete your account and your family?",
    intro: "This cannot be undone. Everything goes at once:",
    goes: [
      "your account, and your family with its settings and plan",
      "your children's profiles, carts, chores, badges, budget categories, savings goals, lessons and consents",
      "every sign-in: yours, the other guardians' and your children's devices",
    ],
    after:
      "Other guardians keep their own accounts, without your family. A paid plan is cancelled at once. We e-mail you a receipt.",
    confirm: "Delete everything",
    pending: "Deleting...",
    toast: { title: "Your account has been deleted", description: "We have e-mailed you a receipt." },
  },
  guardian: {
    button: "Leave this family",
    title: "Leave this family and delete your account?",
    intro: "This cannot be undone. You stop being a guardian of this family, and your own account goes:",
    goes: ["your sign-in, on every device", "your notification settings and devices, support tickets and referrals"],
    after:
      "The family, its children and what you decided for them stay with its owner, who is told you left. We e-mail you a receipt.",
    confirm: "Leave and delete my account",
    pending: "Leaving...",
    toast: {
      title: "You have left the family",
      description: "Your account has been deleted. We have e-mailed you a receipt.",
    },
  },
} as const;

/**
 * docs/decisions/158: deleting the account behind a dialog that says what goes and asks for the password. The owner
 * deletes the family; another guardian leaves it. Afterwards the browser is on the landing page, signed out.
 */
export function DeleteAccountDialog({ role }: { role: "owner" | "guardian" }) {
  const words = WORDING[role];
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const form = useForm<AccountDeletion, unknown, z.output<typeof AccountDeletionSchema>>({
    resolver: zodResolver(AccountDeletionSchema),
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await remove.mutateAsync(input);
    } catch (error) {
      const message = placeServerError(error, ["password"], form.setError);
      if (message) form.setError("root.server", { message });
      return;
    }
    // Leave the signed-in page first, then forget everything cached for the account.
    navigate("/");
    queryClient.removeQueries();
    queryClient.setQueryData(queryKeys.user, null);
    toast(words.toast);
  });

  const change = (next: boolean) => {
    if (isSubmitting) return;
    setOpen(next);
    if (!next) form.reset({ password: "" });
  };

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start border-red-300 text-red-800 hover:bg-red-50"
        onClick={() => setOpen(true)}
      >
        {role === "owner" ? <Trash2 aria-hidden /> : <LogOut aria-hidden />} {words.button}
      </Button>
      <AlertDialogContent className="max-h-[92vh] overflow-y-auto">
        <AlertDialogTitle>{words.title}</AlertDialogTitle>
        <AlertDialogDescription>{words.intro}</AlertDialogDescription>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {words.goes.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-700">{words.after}</p>
        <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-3" aria-label={words.title}>
          <FormField id="delete-account-password" label="Your password" error={errors.password?.message}>
            <Input
              id="delete-account-password"
              type="password"
              autoComplete="current-password"
              {...describedBy("delete-account-password", { error: errors.password?.message })}
              {...form.register("password")}
            />
          </FormField>
          <FormAlert message={errors.root?.server?.message} />
          <AlertDialogFooter className="mt-2">
            <AlertDialogCancel type="button" disabled={isSubmitting}>
              Cancel
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? words.pending : words.confirm}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
