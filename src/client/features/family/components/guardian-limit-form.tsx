import { zodResolver } from "@hookform/resolvers/zod";
import { type Guardian, type GuardianUpdate, GuardianUpdateSchema } from "@shared/schemas/family";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { amountInput, formatAmount } from "@/components/ui/money";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { useUpdateGuardian } from "../api/update-guardian";
import { guardianName } from "./guardian-name";

const FAILED = "Failed to save the approval limit. Please try again.";

/** The owner sets or clears one guardian's own approval limit, in place in the guardians list. */
export function GuardianLimitForm({ guardian, onDone }: { guardian: Guardian; onDone: () => void }) {
  const update = useUpdateGuardian();
  const name = guardianName(guardian);
  const id = `limit-${guardian.id}`;
  const form = useForm<GuardianUpdate, unknown, z.output<typeof GuardianUpdateSchema>>({
    resolver: zodResolver(GuardianUpdateSchema),
    defaultValues: { approvalLimit: guardian.approvalLimit ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const approvalLimit = values.approvalLimit || null;
    try {
      await update.mutateAsync({ guardianId: guardian.id, approvalLimit });
      toast({
        title: "Approval limit saved",
        description: approvalLimit
          ? `${name} can approve requests up to ${formatAmount(approvalLimit)}.`
          : `${name} can approve requests of any amount.`,
      });
      onDone();
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.fieldErrors.approvalLimit : undefined;
      if (message) form.setError("approvalLimit", { type: "server", message });
      else toast({ variant: "destructive", title: "Error", description: clientErrorMessage(error, FAILED) });
    }
  });

  const error = errors.approvalLimit?.message;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Approval limit for ${name}`} className="mt-3">
      <FormField id={id} label={`${name}'s approval limit ($)`} hint="Leave empty for no limit." error={error}>
        <div className="flex flex-wrap gap-2">
          <Input
            id={id}
            inputMode="decimal"
            placeholder="25.00"
            className="max-w-32"
            // The field opens in place because the owner asked to edit it: typing goes straight into it.
            autoFocus
            {...form.register("approvalLimit", { setValueAs: (v: string) => amountInput(v ?? "") })}
            {...describedBy(id, { hint: true, error })}
          />
          <Button type="submit" size="sm" className="h-10" disabled={isSubmitting}>
            Save limit
          </Button>
          <Button type="button" size="sm" variant="ghost" className="h-10" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </FormField>
    </form>
  );
}
