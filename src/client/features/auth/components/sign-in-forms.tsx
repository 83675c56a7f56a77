import { zodResolver } from "@hookform/resolvers/zod";
import { type Login, LoginSchema, type Signup, SignupSchema } from "@shared/schemas/auth";
import { AlertCircle } from "lucide-react";
import { type FieldValues, type Path, type UseFormSetError, useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useLogIn } from "@/features/auth/api/log-in";
import { useSignUp } from "@/features/auth/api/sign-up";
import { ApiRequestError } from "@/lib/api";

const GENERIC_FAILURE = "Something went wrong. Please try again.";

export const TEXT_LINK =
  "font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/**
 * Turns a failed sign-in or sign-up into what the form shows: the server's field messages on their
 * fields, and the rest (401 Invalid email or password, 409 duplicate, 429 too many attempts) above the button.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) {
  if (!(error instanceof ApiRequestError)) return GENERIC_FAILURE;
  const fieldErrors = error.fieldErrors;
  let placed = false;
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message) {
      setError(field, { type: "server", message });
      placed = true;
    }
  }
  if (placed) return null;
  if (error.status === 409) {
    setError("email" as Path<T>, { type: "server", message: error.serverMessage ?? GENERIC_FAILURE });
    return null;
  }
  if (error.status >= 500) return GENERIC_FAILURE;
  return error.serverMessage ?? GENERIC_FAILURE;
}

export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{message}</span>
    </div>
  );
}

export function SignUpForm({ onDone }: { onDone: () => void }) {
  const signUp = useSignUp();
  const form = useForm<Signup, unknown, z.output<typeof SignupSchema>>({
    resolver: zodResolver(SignupSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      onDone();
    } catch (error) {
      const message = applyServerError(error, ["firstName", "lastName", "email", "password"], form.setError);
      if (message) form.setError("root.server", { message });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create your account">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="signup-first-name" label="First name" error={errors.firstName?.message}>
          <Input
            id="signup-first-name"
            autoComplete="given-name"
            {...describedBy("signup-first-name", { error: errors.firstName?.message })}
            {...form.register("firstName")}
          />
        </FormField>
        <FormField id="signup-last-name" label="Last name" error={errors.lastName?.message}>
          <Input
            id="signup-last-name"
            autoComplete="family-name"
            {...describedBy("signup-last-name", { error: errors.lastName?.message })}
            {...form.register("lastName")}
          />
        </FormField>
      </div>
      <FormField id="signup-email" label="E-mail" error={errors.email?.message}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          {...describedBy("signup-email", { error: errors.email?.message })}
          {...form.register("email")}
        />
      </FormField>
      <FormField
        id="signup-password"
        label="Password"
        hint={errors.password?.message ? undefined : "At least 8 characters."}
        error={errors.password?.message}
      >
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          {...describedBy("signup-password", { error: errors.password?.message, hint: !errors.password?.message })}
          {...form.register("password")}
        />
      </FormField>
      <FormAlert message={errors.root?.server?.message} />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Creating your account..." : "Create Account"}
      </Button>
    </form>
  );
}

export function LogInForm({ onDone }: { onDone: () => void }) {
  const logIn = useLogIn();
  const form = useForm<Login, unknown, z.output<typeof LoginSchema>>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await logIn.mutateAsync(values);
      onDone();
    } catch (error) {
      const message = applyServerError(error, ["email", "password"], form.setError);
      if (message) form.setError("root.server", { message });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      <FormField id="login-email" label="E-mail" error={errors.email?.message}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          {...describedBy("login-email", { error: errors.email?.message })}
          {...form.register("email")}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          {...describedBy("login-password", { error: errors.password?.message })}
          {...form.register("password")}
        />
      </FormField>
      <Link href="/forgot-password" className={`-mt-2 justify-self-end text-sm ${TEXT_LINK}`}>
        Forgot password?
      </Link>
      <FormAlert message={errors.root?.server?.message} />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
