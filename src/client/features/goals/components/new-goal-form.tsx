import { zodResolver } from "@hookform/resolvers/zod";
import { type GoalCreate, GoalCreateSchema } from "@shared/schemas/goals";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { amountInput } from "@/components/ui/money";
import { ApiRequestError } from "@/lib/api";

const FIELDS = ["name", "target", "url"] as const;
type Field = (typeof FIELDS)[number];

/**
 * A new goal: what it is, how much it costs, and a link to it if the child has one. The shared goal contract
 * checks the boxes before anything is sent, and a 400's field messages land on the same boxes.
 */
export function NewGoalForm({
  pending,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  onSubmit: (values: GoalCreate) => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<GoalCreate, unknown, z.output<typeof GoalCreateSchema>>({
    resolver: zodResolver(GoalCreateSchema),
    defaultValues: { name: "", target: "", url: undefined },
  });
  const { errors } = form.formState;
  const fieldId = (name: Field) => `${id}-${name}`;
  const error = (name: Field) => errors[name]?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 400) {
        for (const [field, message] of Object.entries(err.fieldErrors)) {
          if ((FIELDS as readonly string[]).includes(field)) form.setError(field as Field, { type: "server", message });
        }
      }
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="New goal"
      className="grid gap-3 rounded-xl border border-slate-200 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={fieldId("name")} label="What are you saving for?" error={error("name")}>
          <Input
            id={fieldId("name")}
            maxLength={100}
            placeholder="e.g. Bike"
            {...form.register("name")}
            {...describedBy(fieldId("name"), { error: error("name") })}
          />
        </FormField>
        <FormField id={fieldId("target")} label="How much does it cost? ($)" error={error("target")}>
          <Input
            id={fieldId("target")}
            inputMode="decimal"
            placeholder="120.00"
            {...form.register("target", { setValueAs: (v: string) => amountInput(v ?? "") })}
            {...describedBy(fieldId("target"), { error: error("target") })}
          />
        </FormField>
      </div>
      <FormField id={fieldId("url")} label="Link to it (optional)" error={error("url")}>
        <Input
          id={fieldId("url")}
          type="url"
          inputMode="url"
          placeholder="https://"
          {...form.register("url", { setValueAs: (v: string | undefined) => v?.trim() || undefined })}
          {...describedBy(fieldId("url"), { error: error("url") })}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          Start saving
        </Button>
      </div>
    </form>
  );
}
