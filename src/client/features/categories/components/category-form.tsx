import { zodResolver } from "@hookform/resolvers/zod";
import { type Category, type CategoryCreate, CategoryCreateSchema } from "@shared/schemas/categories";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { amountInput } from "@/components/ui/money";
import { Switch } from "@/components/ui/switch";
import { ApiRequestError } from "@/lib/api";

export type CategoryValues = z.output<typeof CategoryCreateSchema>;

const FIELDS = ["name", "monthlyLimit", "isRestricted"] as const;

/**
 * Create and edit share one form. The shared category contract checks it before anything is sent (an empty
 * limit is "0.00", no limit), and a 400's field messages land on the same fields. `onSubmit` throws the
 * request's error; its toast is the caller's.
 */
export function CategoryForm({
  category,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  category?: Category;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: CategoryValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<CategoryCreate, unknown, CategoryValues>({
    resolver: zodResolver(CategoryCreateSchema),
    defaultValues: {
      name: category?.name ?? "",
      monthlyLimit: category?.monthlyLimit ?? "",
      isRestricted: category?.isRestricted ?? false,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
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

  const nameError = errors.name?.message;
  const limitError = errors.monthlyLimit?.message;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Category" error={nameError}>
          <Input
            id={`${id}-name`}
            maxLength={50}
            placeholder="e.g. Games"
            {...form.register("name")}
            {...describedBy(`${id}-name`, { error: nameError })}
          />
        </FormField>
        <FormField id={`${id}-limit`} label="Monthly limit ($)" error={limitError}>
          <Input
            id={`${id}-limit`}
            inputMode="decimal"
            placeholder="0.00 for no limit"
            // An empty box is the schema's default, "0.00": no monthly limit.
            {...form.register("monthlyLimit", { setValueAs: (v: string) => amountInput(v ?? "") || undefined })}
            {...describedBy(`${id}-limit`, { error: limitError })}
          />
        </FormField>
      </div>
      <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <div>
          <Label htmlFor={`${id}-restricted`}>Always ask me first</Label>
          <p className="text-sm text-slate-600">Purchases in this category are never approved automatically.</p>
        </div>
        <Controller
          control={form.control}
          name="isRestricted"
          render={({ field }) => (
            <Switch
              id={`${id}-restricted`}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
