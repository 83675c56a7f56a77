import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEMO_INTERESTS,
  DEMO_ROLE_IDS,
  DEMO_ROLES,
  type DemoRequest,
  type DemoRequestCreate,
  DemoRequestCreateSchema,
  FAMILY_SIZES,
  TIME_PREFERENCES,
} from "@shared/schemas/public-forms";
import { CalendarCheck, LoaderCircle } from "lucide-react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { useCreateDemoRequest } from "../api/create-demo-request";

const EMPTY: DemoRequestCreate = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  company: "",
  role: "",
  familySize: "",
  timePreference: "",
  interests: [],
  message: "",
};

const FIELDS = new Set<string>(Object.keys(EMPTY));

/**
 * spec 001 §2.6, §3 and §5: the demo-request form, validated with the server's own schema. `role` presets the
 * role when a link knows it (a parent asking about Family Plus); an unknown one is ignored.
 */
export function DemoRequestForm({
  onScheduled,
  role,
}: {
  onScheduled: (request: DemoRequest) => void;
  role?: string | null;
}) {
  const presetRole = (DEMO_ROLE_IDS as readonly string[]).includes(role ?? "")
    ? (role as DemoRequestCreate["role"])
    : "";
  const form = useForm({
    resolver: zodResolver(DemoRequestCreateSchema),
    defaultValues: { ...EMPTY, role: presetRole },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const mutation = useCreateDemoRequest();

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await mutation.mutateAsync(values);
      toast({ title: "Demo Scheduled!", description: "We'll contact you within 24 hours to confirm your demo time." });
      onScheduled(created);
    } catch (error) {
      // The form keeps what was typed; field messages from the server land next to their fields.
      const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : {};
      for (const [field, message] of Object.entries(fieldErrors)) {
        const name = field.split(".")[0] ?? field;
        if (FIELDS.has(name)) setError(name as FieldPath<DemoRequestCreate>, { message }, { shouldFocus: true });
      }
      toast({
        variant: "destructive",
        title: "Could not schedule your demo",
        description:
          error instanceof ApiRequestError
            ? (error.serverMessage ?? "Please try again in a moment.")
            : "We could not reach Pocketwise. Check your connection and try again.",
      });
    }
  });

  const submitting = mutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby="demo-form-required" className="grid gap-5">
      <p id="demo-form-required" className="text-sm text-slate-600">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="firstName" label="First name" required error={errors.firstName?.message}>
          <Input
            id="firstName"
            autoComplete="given-name"
            aria-required
            {...describedBy("firstName", { error: errors.firstName?.message })}
            {...register("firstName")}
          />
        </FormField>
        <FormField id="lastName" label="Last name" required error={errors.lastName?.message}>
          <Input
            id="lastName"
            autoComplete="family-name"
            aria-required
            {...describedBy("lastName", { error: errors.lastName?.message })}
            {...register("lastName")}
          />
        </FormField>
        <FormField id="email" label="E-mail" required error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required
            {...describedBy("email", { error: errors.email?.message })}
            {...register("email")}
          />
        </FormField>
        <FormField id="phone" label="Phone" error={errors.phone?.message}>
          <Input
            id="phone"
            type="tel"
            autoComplete="tel"
            {...describedBy("phone", { error: errors.phone?.message })}
            {...register("phone")}
          />
        </FormField>
        <FormField
          id="company"
          label="School or organization"
          hint="Optional, for schools and advisors"
          error={errors.company?.message}
        >
          <Input
            id="company"
            autoComplete="organization"
            {...describedBy("company", { hint: true, error: errors.company?.message })}
            {...register("company")}
          />
        </FormField>
        <FormField id="role" label="Your role" error={errors.role?.message}>
          <NativeSelect id="role" {...describedBy("role", { error: errors.role?.message })} {...register("role")}>
            <option value="">Choose your role</option>
            {DEMO_ROLES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="familySize" label="Number of children" error={errors.familySize?.message}>
          <NativeSelect
            id="familySize"
            {...describedBy("familySize", { error: errors.familySize?.message })}
            {...register("familySize")}
          >
            <option value="">Choose a number</option>
            {FAMILY_SIZES.map((size) => (
              <option key={size} value={size}>
                {size === "1" ? "1 child" : `${size} children`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="timePreference" label="Preferred time" error={errors.timePreference?.message}>
          <NativeSelect
            id="timePreference"
            {...describedBy("timePreference", { error: errors.timePreference?.message })}
            {...register("timePreference")}
          >
            <option value="">Choose a time</option>
            {TIME_PREFERENCES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">What are you most interested in?</legend>
        <Controller
          control={control}
          name="interests"
          render={({ field }) => {
            const selected = new Set(field.value ?? []);
            return (
              <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                {DEMO_INTERESTS.map((interest) => {
                  const id = `interest-${interest.id}`;
                  return (
                    <li
                      key={interest.id}
                      className="flex items-center gap-2.5 rounded-lg border border-slate-200 p-2.5"
                    >
                      <Checkbox
                        id={id}
                        checked={selected.has(interest.id)}
                        onCheckedChange={(checked) => {
                          const next = new Set(selected);
                          if (checked === true) next.add(interest.id);
                          else next.delete(interest.id);
                          field.onChange(DEMO_INTERESTS.map((i) => i.id).filter((i) => next.has(i)));
                        }}
                      />
                      <Label htmlFor={id} className="font-normal">
                        {interest.label}
                      </Label>
                    </li>
                  );
                })}
              </ul>
            );
          }}
        />
      </fieldset>

      <FormField id="message" label="Anything we should know?" error={errors.message?.message}>
        <Textarea
          id="message"
          rows={4}
          {...describedBy("message", { error: errors.message?.message })}
          {...register("message")}
        />
      </FormField>

      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        {submitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <CalendarCheck aria-hidden />}
        {submitting ? "Scheduling Demo..." : "Schedule My Demo"}
      </Button>
    </form>
  );
}
