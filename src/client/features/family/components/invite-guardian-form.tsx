import { zodResolver } from "@hookform/resolvers/zod";
import { type GuardianInvite, GuardianInviteSchema } from "@shared/schemas/family";
import { Send } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { amountInput } from "@/components/ui/money";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { useInviteGuardian } from "../api/invite-guardian";

const DEFAULTS: GuardianInvite = { email: "", approvalLimit: "" };
const FAILED = "Failed to send the invitation. Please try again.";
const LIMIT_HINT = "Leave empty to let them approve any amount.";

/**
 * The owner invites another adult by e-mail (docs/product-contract.md "The family and its guardians"). The
 * shared contract checks the form before it is sent, and the server's field messages land on the same fields.
 */
export function InviteGuardianForm() {
  const invite = useInviteGuardian();
  const form = useForm<GuardianInvite, unknown, z.output<typeof GuardianInviteSchema>>({
    resolver: zodResolver(GuardianInviteSchema),
    defaultValues: DEFAULTS,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const input: GuardianInvite = { email: values.email, approvalLimit: values.approvalLimit || null };
    try {
      const invitation = await invite.mutateAsync(input);
      toast({
        title: "Invitation sent",
        description: `We e-mailed ${invitation.email} a link to join your family. It works for 7 days.`,
      });
      form.reset(DEFAULTS);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400 && Object.keys(error.fieldErrors).length > 0) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field in DEFAULTS) form.setError(field as keyof GuardianInvite, { type: "server", message });
        }
        return;
      }
      // 409: that address already helps decide; the message names it and belongs beside the address.
      if (error instanceof ApiRequestError && error.status === 409 && error.serverMessage) {
        form.setError("email", { type: "server", message: error.serverMessage });
        return;
      }
      toast({ variant: "destructive", title: "Error", description: clientErrorMessage(error, FAILED) });
    }
  });

  const emailError = errors.email?.message;
  const limitError = errors.approvalLimit?.message;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite a guardian" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="invite-email" label="Their e-mail" error={emailError}>
          <Input
            id="invite-email"
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="co-parent@example.com"
            {...form.register("email")}
            {...describedBy("invite-email", { error: emailError })}
          />
        </FormField>
        <FormField id="invite-limit" label="Approval limit ($, optional)" hint={LIMIT_HINT} error={limitError}>
          <Input
            id="invite-limit"
            inputMode="decimal"
            placeholder="25.00"
            {...form.register("approvalLimit", { setValueAs: (v: string) => amountInput(v ?? "") })}
            {...describedBy("invite-limit", { hint: true, error: limitError })}
          />
        </FormField>
      </div>
      <Button type="submit" disabled={isSubmitting} className="sm:justify-self-end">
        <Send aria-hidden />
        {isSubmitting ? "Sending..." : "Send invitation"}
      </Button>
    </form>
  );
}
