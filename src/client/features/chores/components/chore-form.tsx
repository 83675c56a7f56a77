import { zodResolver } from "@hookform/resolvers/zod";
import { type Chore, type ChoreCreate, ChoreCreateSchema } from "@shared/schemas/chores";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { amountInput } from "@/components/ui/money";
import { ApiRequestError } from "@/lib/api";

export interface ChoreFormValues {
  title: string;
  description: string | null;
  reward: string;
  /** YYYY-MM-DD, or null for no due date. */
  dueDate: string | null;
}

/** What the boxes hold: an empty optional box is undefined, so the shared schema skips it as the server does. */
type FormInput = ChoreCreate;
const FIELDS = ["title", "description", "reward", "dueDate"] as const;

const optional = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/**
 * Create and edit share one form; empty optional fields become null so an edit can clear them. The shared
 * chore contract checks the boxes before anything is sent, and a 400's field messages land on the same boxes.
 * `onSubmit` throws the request's error; its toast is the caller's.
 */
export function ChoreForm({
  chore,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  chore?: Chore;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: ChoreFormValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useForm<FormInput, unknown, z.output<typeof ChoreCreateSchema>>({
    resolver: zodResolver(ChoreCreateSchema),
    defaultValues: {
      title: chore?.title ?? "",
      description: chore?.description ?? undefined,
      reward: chore?.reward ?? "",
      dueDate: chore?.dueDate?.slice(0, 10) || undefined,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({
        title: values.title,
        reward: values.reward,
        description: values.description ?? null,
        dueDate: values.dueDate ?? null,
      });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if ((FIELDS as readonly string[]).includes(field)) {
            form.setError(field as (typeof FIELDS)[number], { type: "server", message });
          }
        }
      }
    }
  });

  const fieldId = (name: (typeof FIELDS)[number]) => `${id}-${name}`;
  const error = (name: (typeof FIELDS)[number]) => errors[name]?.message;

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <FormField id={fieldId("title")} label="Chore" error={error("title")}>
        <Input
          id={fieldId("title")}
          maxLength={100}
          placeholder="e.g. Walk the dog"
          {...form.register("title")}
          {...describedBy(fieldId("title"), { error: error("title") })}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={fieldId("reward")} label="Reward ($)" error={error("reward")}>
          <Input
            id={fieldId("reward")}
            inputMode="decimal"
            placeholder="5.00"
            {...form.register("reward", { setValueAs: (v: string) => amountInput(v ?? "") })}
            {...describedBy(fieldId("reward"), { error: error("reward") })}
          />
        </FormField>
        <FormField id={fieldId("dueDate")} label="Due date (optional)" error={error("dueDate")}>
          <Input
            id={fieldId("dueDate")}
            type="date"
            {...form.register("dueDate", { setValueAs: (v: string | undefined) => v || undefined })}
            {...describedBy(fieldId("dueDate"), { error: error("dueDate") })}
          />
        </FormField>
      </div>
      <FormField id={fieldId("description")} label="Details (optional)" error={error("description")}>
        <Textarea
          id={fieldId("description")}
          maxLength={500}
          className="min-h-16"
          {...form.register("description", { setValueAs: optional })}
          {...describedBy(fieldId("description"), { error: error("description") })}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
