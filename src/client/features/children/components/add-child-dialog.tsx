import { zodResolver } from "@hookform/resolvers/zod";
import { type Child, type ChildCreate, ChildCreateSchema } from "@shared/schemas/children";
import { DEFAULT_PROFILE_COLOR } from "@shared/schemas/common";
import { AlertCircle, Plus, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { Controller, type FieldErrors, useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { Button, buttonVariants } from "@/components/ui/button";
import { ColorSwatches } from "@/components/ui/color-swatches";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ToastLink } from "@/components/ui/toaster";
import { useCreateChild } from "@/features/children/api/create-child";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { openPlanChooser } from "@/lib/plan-chooser";
import { PLANS_SECTION } from "@/lib/sections";

export const CREATE_CHILD_FAILED = "Failed to create child profile. Please try again.";

type FormInput = ChildCreate;
type FormOutput = z.output<typeof ChildCreateSchema>;

const FIELD_ORDER = ["name", "age", "monthlyBudget", "autoApprovalLimit", "profileColor"] as const;

// spec 000 §5 and §9: the Add Child defaults.
const DEFAULTS: FormInput = {
  name: "",
  age: 8,
  monthlyBudget: "50.00",
  autoApprovalLimit: "10.00",
  profileColor: DEFAULT_PROFILE_COLOR,
};

function errorList(errors: FieldErrors<FormInput>): string[] {
  const messages = FIELD_ORDER.map((f) => errors[f]?.message).filter((m): m is string => typeof m === "string");
  return [...new Set(messages)];
}

/** The Add Child form (spec 000 §2): every problem is listed in one box above the buttons. */
export function AddChildForm({
  parentId,
  onCreated,
  onCancel,
}: {
  parentId?: string;
  onCreated: (child: Child) => void;
  onCancel?: () => void;
}) {
  const createChild = useCreateChild();
  const ids = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ChildCreateSchema),
    defaultValues: DEFAULTS,
  });
  const { errors, isSubmitting } = form.formState;
  const problems = errorList(errors);
  /** The plan's child limit, said in the dialog too: a modal dialog keeps the keyboard away from the toast. */
  const [planLimit, setPlanLimit] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setPlanLimit(null);
    try {
      // spec 000 §7 names a parentId in the payload; the server takes the owner from the session.
      const child = await createChild.mutateAsync({ ...values, ...(parentId ? { parentId } : {}) });
      toast({ title: "Success", description: "Child profile created successfully!" });
      form.reset(DEFAULTS);
      onCreated(child);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if ((FIELD_ORDER as readonly string[]).includes(field)) {
            form.setError(field as (typeof FIELD_ORDER)[number], { type: "server", message });
          }
        }
      }
      const description = (error instanceof ApiRequestError && error.serverMessage) || CREATE_CHILD_FAILED;
      // 403 is the plan's child limit: the toast leads to the plans rather than leaving the parent stuck.
      const overPlan = error instanceof ApiRequestError && error.status === 403;
      if (overPlan) setPlanLimit(description);
      toast({
        title: "Error",
        description,
        variant: "destructive",
        ...(overPlan ? { action: <ToastLink href={PLANS_SECTION.href}>See plans</ToastLink> } : {}),
      });
    }
  });

  const fieldId = (name: string) => `${ids}-${name}`;
  const invalid = (name: keyof FormInput) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${ids}-errors` } : {};

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid content-start gap-1.5">
        <Label htmlFor={fieldId("name")}>Child's name</Label>
        <Input
          id={fieldId("name")}
          autoComplete="off"
          placeholder="e.g. Emma"
          {...form.register("name")}
          {...invalid("name")}
        />
      </div>
      <div className="grid content-start gap-1.5">
        <Label htmlFor={fieldId("age")}>Age</Label>
        <Input
          id={fieldId("age")}
          type="number"
          inputMode="numeric"
          min={3}
          max={18}
          // The API takes the age as a number, not the input's text (docs/decisions/123).
          {...form.register("age", { valueAsNumber: true })}
          {...invalid("age")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={fieldId("monthlyBudget")}>Monthly budget ($)</Label>
          <Input
            id={fieldId("monthlyBudget")}
            inputMode="decimal"
            placeholder="50.00"
            {...form.register("monthlyBudget")}
            {...invalid("monthlyBudget")}
          />
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={fieldId("autoApprovalLimit")}>Auto-approval limit ($)</Label>
          <Input
            id={fieldId("autoApprovalLimit")}
            inputMode="decimal"
            placeholder="10.00"
            {...form.register("autoApprovalLimit")}
            {...invalid("autoApprovalLimit")}
          />
        </div>
      </div>
      <p className="-mt-2 text-xs text-slate-600">
        Purchases up to the auto-approval limit go through without asking you.
      </p>
      <div className="grid gap-2">
        <span id={fieldId("color-label")} className="text-sm font-medium text-slate-800">
          Profile colour
        </span>
        <Controller
          control={form.control}
          name="profileColor"
          render={({ field }) => (
            <ColorSwatches
              value={field.value ?? DEFAULT_PROFILE_COLOR}
              onChange={field.onChange}
              labelledBy={fieldId("color-label")}
            />
          )}
        />
      </div>
      {problems.length > 0 && (
        <div
          id={`${ids}-errors`}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="flex items-center gap-2 font-semibold">
            <AlertCircle className="h-4 w-4 shrink-0" aria-hidden /> Please fix the following errors:
          </p>
          <ul className="mt-1.5 list-disc space-y-0.5 pl-6">
            {problems.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      {planLimit && (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p>{planLimit}</p>
          {/* The chooser replaces this dialog rather than stacking a second modal over it. */}
          <Button
            type="button"
            size="sm"
            className="justify-self-start"
            onClick={() => {
              onCancel?.();
              openPlanChooser();
            }}
          >
            Upgrade
          </Button>
        </div>
      )}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Adding..." : "Add Child"}
        </Button>
      </div>
    </form>
  );
}

/**
 * A child under 13 signs in only once a parent's consent is verified (docs/decisions/160), so the dialog says
 * that is the next step and leads to it.
 */
export function ConsentNextStep({ child, onLater }: { child: Child; onLater: () => void }) {
  return (
    <div className="grid gap-4">
      <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
        <p className="font-semibold">Next: parental consent for {child.name}</p>
        <p className="mt-1">
          {child.name} is under 13, so the law asks us to verify your consent before {child.name} can sign in. It takes
          a few minutes.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onLater}>
          Later
        </Button>
        <Link href={`/coppa-consent?child=${encodeURIComponent(child.id)}`} className={buttonVariants()}>
          <ShieldCheck aria-hidden /> Give consent
        </Link>
      </div>
    </div>
  );
}

/** `parentId` is the signed-in parent's id, sent as spec 000 §7 shows (the server uses the session). */
export function AddChildDialog({ parentId, triggerClassName }: { parentId?: string; triggerClassName?: string }) {
  const [open, setOpen] = useState(false);
  /** A child just added who needs consent before signing in. */
  const [needsConsent, setNeedsConsent] = useState<Child | null>(null);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setNeedsConsent(null);
  };
  const onCreated = (child: Child) => {
    if (child.consentStatus === "required") setNeedsConsent(child);
    else setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button className={triggerClassName}>
          <Plus aria-hidden /> Add Child
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{needsConsent ? `${needsConsent.name} is added` : "Add a child"}</DialogTitle>
        <DialogDescription>
          {needsConsent
            ? "One more step before they can sign in."
            : "Set up a profile with a monthly budget and an auto-approval limit."}
        </DialogDescription>
        <div className="mt-5">
          {/* Mounted only while open, so every opening starts from the defaults. */}
          {needsConsent ? (
            <ConsentNextStep child={needsConsent} onLater={() => onOpenChange(false)} />
          ) : (
            open && <AddChildForm parentId={parentId} onCreated={onCreated} onCancel={() => onOpenChange(false)} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
