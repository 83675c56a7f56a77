import { zodResolver } from "@hookform/resolvers/zod";
import { type ReferralInvite, ReferralInviteSchema } from "@shared/schemas/referrals";
import { Mail } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { useInviteFriend } from "../api/invite-friend";

const FAILED = "Failed to send the invitation. Please try again.";

/** The invite box (docs/decisions/151): the server e-mails the parent's link; its answer is the toast. */
export function InviteFriendForm({ id = "referral-email" }: { id?: string }) {
  const invite = useInviteFriend();
  const form = useForm<ReferralInvite, unknown, z.output<typeof ReferralInviteSchema>>({
    resolver: zodResolver(ReferralInviteSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const send = form.handleSubmit(async (values) => {
    try {
      const { message } = await invite.mutateAsync(values);
      toast({ title: "Invitation sent", description: message });
      form.reset({ email: "" });
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.fieldErrors.email : undefined;
      if (field) {
        form.setError("email", { type: "server", message: field });
        return;
      }
      toast({ variant: "destructive", title: "Invitation not sent", description: clientErrorMessage(error, FAILED) });
    }
  });

  const onSubmit = (e: React.FormEvent) => {
    // spec 001 §5: an empty invite does nothing.
    if (!form.getValues("email").trim()) {
      e.preventDefault();
      form.clearErrors();
      return;
    }
    void send(e);
  };

  const error = errors.email?.message;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite a friend">
      <FormField id={id} label="Invite a friend by e-mail" error={error}>
        <div className="flex gap-2">
          <Input
            id={id}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="friend@example.com"
            className="min-w-0"
            {...form.register("email")}
            {...describedBy(id, { error })}
          />
          <Button type="submit" variant="outline" className="min-w-26 shrink-0" disabled={isSubmitting}>
            <Mail aria-hidden /> Invite
          </Button>
        </div>
      </FormField>
    </form>
  );
}
