import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_APPROVAL_WINDOW_HOURS, MIN_APPROVAL_WINDOW_HOURS } from "@shared/rules/approval-window";
import { type FamilyUpdate, FamilyUpdateSchema } from "@shared/schemas/family";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { useUpdateFamily } from "../api/update-family";

const FAILED = "Failed to save the approval window. Please try again.";

/**
 * How long a request waits for a guardian (docs/product-contract.md "Deciding from anywhere"); any guardian may
 * change it. A new window applies to requests sent from now on: a waiting cart keeps the expiry it was given.
 */
export function ApprovalWindowForm({ hours }: { hours: number }) {
  const update = useUpdateFamily();
  const form = useForm<FamilyUpdate>({
    resolver: zodResolver(FamilyUpdateSchema),
    values: { approvalWindowHours: hours },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const family = await update.mutateAsync(values);
      toast({
        title: "Approval window saved",
        description: `New requests wait ${family.approvalWindowHours} ${family.approvalWindowHours === 1 ? "hour" : "hours"} for an answer.`,
      });
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.fieldErrors.approvalWindowHours : undefined;
      if (message) form.setError("approvalWindowHours", { type: "server", message });
      else toast({ variant: "destructive", title: "Error", description: clientErrorMessage(error, FAILED) });
    }
  });

  const error = errors.approvalWindowHours?.message;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Approval window">
      <FormField
        id="approval-window"
        label="Hours to decide"
        hint="Requests nobody answers expire after this time; everyone is reminded half-way."
        error={error}
      >
        <div className="flex gap-2">
          <Input
            id="approval-window"
            type="number"
            inputMode="numeric"
            min={MIN_APPROVAL_WINDOW_HOURS}
            max={MAX_APPROVAL_WINDOW_HOURS}
            step={1}
            className="max-w-32"
            {...form.register("approvalWindowHours", { valueAsNumber: true })}
            {...describedBy("approval-window", { hint: true, error })}
          />
          <Button type="submit" variant="outline" disabled={isSubmitting || !isDirty}>
            Save
          </Button>
        </div>
      </FormField>
    </form>
  );
}
