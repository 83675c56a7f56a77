import { GoalContributionCreateSchema } from "@shared/schemas/goals";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { amountInput, toCents } from "@/components/ui/money";

/**
 * One amount box for "Add money" and "Add to goal": checked with the shared contract's message, then
 * against `maxCents` with `tooMuch`, before anything is sent.
 */
export function AmountForm({
  label,
  hint,
  submitLabel,
  maxCents,
  tooMuch,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  hint: string;
  submitLabel: string;
  maxCents: number;
  tooMuch: (maxCents: number) => string;
  pending: boolean;
  onSubmit: (amount: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = GoalContributionCreateSchema.shape.amount.safeParse(amount);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (toCents(parsed.data) > maxCents) return setError(tooMuch(maxCents));
    setError(undefined);
    try {
      await onSubmit(parsed.data);
    } catch {
      // The caller's toast says what went wrong; the box keeps the amount to fix it.
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-2 rounded-lg bg-slate-50 p-3">
      <FormField id={id} label={label} hint={hint} error={error}>
        <Input
          id={id}
          inputMode="decimal"
          placeholder="5.00"
          autoFocus
          value={amount}
          onChange={(e) => setAmount(amountInput(e.target.value))}
          {...describedBy(id, { hint: true, error })}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
