import { type Chore, ChoreCreateSchema } from "@shared/schemas/chores";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { amountInput } from "@/components/ui/money";

export interface ChoreFormValues {
  title: string;
  description: string | null;
  reward: string;
  /** YYYY-MM-DD, or null for no due date. */
  dueDate: string | null;
}

/** Create and edit share one form; empty optional fields become null so an edit can clear them. */
export function ChoreForm({
  chore,
  submitLabel,
  pending,
  serverErrors = {},
  onSubmit,
  onCancel,
}: {
  chore?: Chore;
  submitLabel: string;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (values: ChoreFormValues) => void;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(chore?.title ?? "");
  const [description, setDescription] = useState(chore?.description ?? "");
  const [reward, setReward] = useState(chore?.reward ?? "");
  const [dueDate, setDueDate] = useState(chore?.dueDate?.slice(0, 10) ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const shown = { ...serverErrors, ...errors };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = {
      title,
      reward: amountInput(reward),
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(dueDate ? { dueDate } : {}),
    };
    const parsed = ChoreCreateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    onSubmit({
      title: parsed.data.title,
      reward: parsed.data.reward,
      description: parsed.data.description ?? null,
      dueDate: parsed.data.dueDate ?? null,
    });
  };

  const invalid = (name: string) =>
    shown[name] ? { "aria-invalid": true, "aria-describedby": `${id}-${name}-error` } : {};

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-title`}>Chore</Label>
        <Input
          id={`${id}-title`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={100}
          placeholder="e.g. Walk the dog"
          {...invalid("title")}
        />
        <FieldError id={`${id}-title-error`}>{shown.title}</FieldError>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-reward`}>Reward ($)</Label>
          <Input
            id={`${id}-reward`}
            value={reward}
            onChange={(e) => setReward(e.target.value)}
            inputMode="decimal"
            placeholder="5.00"
            {...invalid("reward")}
          />
          <FieldError id={`${id}-reward-error`}>{shown.reward}</FieldError>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-due`}>Due date (optional)</Label>
          <Input
            id={`${id}-due`}
            type="date"
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
            {...invalid("dueDate")}
          />
          <FieldError id={`${id}-dueDate-error`}>{shown.dueDate}</FieldError>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-description`}>Details (optional)</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={500}
          className="min-h-16"
          {...invalid("description")}
        />
        <FieldError id={`${id}-description-error`}>{shown.description}</FieldError>
      </div>
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
