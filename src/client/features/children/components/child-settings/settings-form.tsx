import { zodResolver } from "@hookform/resolvers/zod";
import { formatDollars } from "@shared/rules/money";
import { type Child, type ChildUpdate, ChildUpdateSchema } from "@shared/schemas/children";
import { Save } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ColorSwatches } from "@/components/ui/color-swatches";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { useUpdateChild } from "@/features/children/api/update-child";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { childBudget } from "../child-budget";

export const SETTINGS_FAILED = "Failed to update settings. Please try again.";

const FIELDS = ["name", "age", "profileColor", "monthlyBudget", "autoApprovalLimit"] as const;
type FormInput = Pick<ChildUpdate, (typeof FIELDS)[number]>;
type FormOutput = z.output<typeof ChildUpdateSchema>;

const valuesOf = (child: Child): FormInput => ({
  name: child.name,
  age: child.age,
  profileColor: child.profileColor,
  monthlyBudget: child.monthlyBudget,
  autoApprovalLimit: child.autoApprovalLimit,
});

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function ReadOnlyAmount({ label, value, tone }: { label: string; value: string; tone?: "danger" }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2.5">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p className={tone === "danger" ? "text-lg font-bold text-red-700" : "text-lg font-bold text-slate-900"}>
        {value}
      </p>
    </div>
  );
}

/** spec 000 §2 Profile Settings and Budget & Spending cards, saved together by one button. */
export function SettingsForm({ child }: { child: Child }) {
  const update = useUpdateChild(child.id);
  const ids = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ChildUpdateSchema),
    values: valuesOf(child),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const { spentCents, leftCents } = childBudget(child);

  const onSubmit = form.handleSubmit(async (values) => {
    const { name, age, profileColor, monthlyBudget, autoApprovalLimit } = values;
    try {
      const saved = await update.mutateAsync({ name, age, profileColor, monthlyBudget, autoApprovalLimit });
      form.reset(valuesOf(saved));
      toast({ title: "Settings Updated", description: "Child profile settings have been saved successfully." });
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if ((FIELDS as readonly string[]).includes(field)) {
            form.setError(field as (typeof FIELDS)[number], { type: "server", message });
          }
        }
      }
      toast({ title: "Error", description: SETTINGS_FAILED, variant: "destructive" });
    }
  });

  const id = (name: string) => `${ids}-${name}`;
  const aria = (name: (typeof FIELDS)[number], hint = false) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id(name)}-error` : hint ? `${id(name)}-hint` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label="Profile and budget settings">
      <Card aria-labelledby={id("profile-title")}>
        <CardHeader>
          <CardTitle id={id("profile-title")}>Profile Settings</CardTitle>
          <CardDescription>How {child.name}'s profile looks</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <Field id={id("name")} label="Name" error={errors.name?.message}>
              <Input id={id("name")} autoComplete="off" {...form.register("name")} {...aria("name")} />
            </Field>
            <Field id={id("age")} label="Age" error={errors.age?.message}>
              <Input
                id={id("age")}
                type="number"
                inputMode="numeric"
                min={3}
                max={18}
                // The API takes the age as a number, not the input's text (docs/decisions/123).
                {...form.register("age", { valueAsNumber: true })}
                {...aria("age")}
              />
            </Field>
          </div>
          <div className="grid gap-2">
            <span id={id("color-label")} className="text-sm font-medium text-slate-800">
              Profile colour
            </span>
            <Controller
              control={form.control}
              name="profileColor"
              render={({ field }) => (
                <ColorSwatches
                  value={field.value ?? child.profileColor}
                  onChange={field.onChange}
                  labelledBy={id("color-label")}
                />
              )}
            />
          </div>
        </CardContent>
      </Card>

      <Card aria-labelledby={id("budget-title")}>
        <CardHeader>
          <CardTitle id={id("budget-title")}>Budget & Spending</CardTitle>
          <CardDescription>What {child.name} may spend each month</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("monthlyBudget")} label="Monthly budget ($)" error={errors.monthlyBudget?.message}>
              <Input
                id={id("monthlyBudget")}
                inputMode="decimal"
                {...form.register("monthlyBudget")}
                {...aria("monthlyBudget")}
              />
            </Field>
            <Field
              id={id("autoApprovalLimit")}
              label="Auto-approval limit ($)"
              hint="Carts up to this amount are approved without asking you."
              error={errors.autoApprovalLimit?.message}
            >
              <Input
                id={id("autoApprovalLimit")}
                inputMode="decimal"
                {...form.register("autoApprovalLimit")}
                {...aria("autoApprovalLimit", true)}
              />
            </Field>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <ReadOnlyAmount label="Spent this month" value={formatDollars(spentCents)} />
            <ReadOnlyAmount
              label="Remaining budget"
              value={formatDollars(leftCents)}
              tone={leftCents < 0 ? "danger" : undefined}
            />
          </div>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {isDirty && <p className="text-sm text-slate-600">You have unsaved changes.</p>}
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          <Save aria-hidden /> {isSubmitting ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
