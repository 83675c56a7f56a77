import { zodResolver } from "@hookform/resolvers/zod";
import { type AdminLogin, AdminLoginSchema, AdminSetupSchema } from "@shared/schemas/staff";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { useAdminLogin } from "../api/admin-login";
import { useAdminSetup } from "../api/admin-setup";
import { setAdminToken } from "../lib/admin-token";

/** spec 001 §8: a failed fetch never reached the server; anything else did and may say why. */
function connectionFailed() {
  toast({ title: "Error", description: "Failed to connect to server", variant: "destructive" });
}

export function AdminLoginForm({
  defaultEmail,
  onSignedIn,
  onSwitchToSetup,
}: {
  defaultEmail: string;
  onSignedIn: () => void;
  onSwitchToSetup: () => void;
}) {
  const login = useAdminLogin();
  const form = useForm<AdminLogin, unknown, z.output<typeof AdminLoginSchema>>({
    resolver: zodResolver(AdminLoginSchema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { token, user } = await login.mutateAsync(values);
      setAdminToken(token);
      toast({ title: "Login Successful", description: `Welcome back, ${user.firstName}!` });
      onSignedIn();
    } catch (error) {
      if (!(error instanceof ApiRequestError)) return connectionFailed();
      toast({
        title: "Login Failed",
        description: error.serverMessage ?? "Invalid credentials",
        variant: "destructive",
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Staff sign in">
      <FormField id="admin-email" label="Email" error={errors.email?.message}>
        <Input
          id="admin-email"
          type="email"
          autoComplete="username"
          {...form.register("email")}
          {...describedBy("admin-email", { error: errors.email?.message })}
        />
      </FormField>
      <FormField id="admin-password" label="Password" error={errors.password?.message}>
        <Input
          id="admin-password"
          type="password"
          autoComplete="current-password"
          {...form.register("password")}
          {...describedBy("admin-password", { error: errors.password?.message })}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="mt-2">
        {isSubmitting ? "Signing in..." : "Sign in"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        First time here?{" "}
        <Button type="button" variant="link" className="h-auto p-0" onClick={onSwitchToSetup}>
          Create the first admin account
        </Button>
      </p>
    </form>
  );
}

// spec 001 §5: all fields required, password at least 8; the confirmation is checked on submit with a toast.
const SetupFormSchema = AdminSetupSchema.extend({
  confirmPassword: z.string().min(1, { message: "Confirm password is required" }),
});
type SetupFormInput = z.input<typeof SetupFormSchema>;

const SETUP_FIELDS = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm password", type: "password", autoComplete: "new-password" },
] as const;

export function AdminSetupForm({
  onCreated,
  onSwitchToLogin,
}: {
  onCreated: (email: string) => void;
  onSwitchToLogin: () => void;
}) {
  const setup = useAdminSetup();
  const form = useForm<SetupFormInput, unknown, z.output<typeof SetupFormSchema>>({
    resolver: zodResolver(SetupFormSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const mismatch = () => {
    form.setError("confirmPassword", { type: "validate", message: "Passwords do not match" });
    toast({ title: "Password Mismatch", description: "Passwords do not match", variant: "destructive" });
  };
  // A mismatch is told whatever else is wrong with the form, so fixing the other fields never reveals it late.
  const onInvalid = () => {
    const { password, confirmPassword } = form.getValues();
    if (confirmPassword && password !== confirmPassword) mismatch();
  };
  const onSubmit = form.handleSubmit(async ({ confirmPassword, ...values }) => {
    if (values.password !== confirmPassword) return mismatch();
    try {
      await setup.mutateAsync(values);
      toast({ title: "Setup Complete", description: "Admin account created successfully. Please login." });
      onCreated(values.email);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) return connectionFailed();
      toast({
        title: "Setup Failed",
        description: error.serverMessage ?? "Failed to create admin account",
        variant: "destructive",
      });
    }
  }, onInvalid);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="First admin setup">
      <div className="grid gap-4 sm:grid-cols-2">
        {SETUP_FIELDS.slice(0, 2).map((f) => (
          <SetupInput key={f.name} field={f} form={form} error={errors[f.name]?.message} />
        ))}
      </div>
      {SETUP_FIELDS.slice(2).map((f) => (
        <SetupInput
          key={f.name}
          field={f}
          form={form}
          error={errors[f.name]?.message}
          hint={f.name === "password" ? "At least 8 characters" : undefined}
        />
      ))}
      <Button type="submit" disabled={isSubmitting} className="mt-2">
        {isSubmitting ? "Creating account..." : "Create admin account"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Button type="button" variant="link" className="h-auto p-0" onClick={onSwitchToLogin}>
          Back to sign in
        </Button>
      </p>
    </form>
  );
}

function SetupInput({
  field,
  form,
  error,
  hint,
}: {
  field: (typeof SETUP_FIELDS)[number];
  form: ReturnType<typeof useForm<SetupFormInput, unknown, z.output<typeof SetupFormSchema>>>;
  error?: string;
  hint?: string;
}) {
  const id = `admin-setup-${field.name}`;
  return (
    <FormField id={id} label={field.label} error={error} hint={hint}>
      <Input
        id={id}
        type={field.type}
        autoComplete={field.autoComplete}
        {...form.register(field.name)}
        {...describedBy(id, { error, hint: Boolean(hint) })}
      />
    </FormField>
  );
}
