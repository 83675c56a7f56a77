import { zodResolver } from "@hookform/resolvers/zod";
import { type MerchantCreate, MerchantCreateSchema, type MerchantWithSecrets } from "@shared/schemas/merchants";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { isAdminSessionError } from "../api/admin-request";
import { useRegisterMerchant } from "../api/register-merchant";
import { MerchantSecrets } from "./merchant-secrets";

const FIELDS = [
  { name: "name", label: "Store name", type: "text", placeholder: "Toy Shop", hint: undefined },
  { name: "domain", label: "Domain", type: "text", placeholder: "shop.example.com", hint: "The store's host name." },
  {
    name: "webhookUrl",
    label: "Webhook URL",
    type: "url",
    placeholder: "https://shop.example.com/pocketwise/webhooks",
    hint: "An https address on the public internet; signed events are sent here.",
  },
] as const;

function RegisterForm({ onRegistered }: { onRegistered: (merchant: MerchantWithSecrets) => void }) {
  const register = useRegisterMerchant();
  const form = useForm<MerchantCreate, unknown, z.output<typeof MerchantCreateSchema>>({
    resolver: zodResolver(MerchantCreateSchema),
    defaultValues: { name: "", domain: "", webhookUrl: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onRegistered(await register.mutateAsync(values));
    } catch (error) {
      if (isAdminSessionError(error)) return;
      const fields = error instanceof ApiRequestError ? error.fieldErrors : {};
      for (const { name } of FIELDS) {
        if (fields[name]) form.setError(name, { type: "server", message: fields[name] });
      }
      if (Object.keys(fields).length === 0) {
        const message = error instanceof ApiRequestError ? error.serverMessage : null;
        toast({ title: "Error", description: message ?? "Could not register the merchant", variant: "destructive" });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 grid gap-4" aria-label="Register a merchant">
      {FIELDS.map((field) => {
        const id = `merchant-${field.name}`;
        const error = errors[field.name]?.message;
        return (
          <FormField key={field.name} id={id} label={field.label} required hint={field.hint} error={error}>
            <Input
              id={id}
              type={field.type}
              placeholder={field.placeholder}
              autoComplete="off"
              {...form.register(field.name)}
              {...describedBy(id, { hint: Boolean(field.hint), error })}
            />
          </FormField>
        );
      })}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Registering..." : "Register merchant"}
        </Button>
      </div>
    </form>
  );
}

/** Staff register a partner store; the dialog then shows its API key and webhook secret, once. */
export function RegisterMerchantDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [registered, setRegistered] = useState<MerchantWithSecrets | null>(null);
  const change = (next: boolean) => {
    // Closing forgets the secrets: they are never shown twice.
    if (!next) setRegistered(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        // Once the secrets are on screen, only the explicit button closes the dialog, so a stray click does not lose them.
        onInteractOutside={(event) => registered && event.preventDefault()}
      >
        {registered ? (
          <>
            <DialogTitle>{registered.name} is registered</DialogTitle>
            <DialogDescription>Its API key and webhook secret:</DialogDescription>
            <div className="mt-5">
              <MerchantSecrets merchant={registered} />
            </div>
            <div className="mt-6 flex justify-end">
              <Button type="button" onClick={() => change(false)}>
                I have copied them
              </Button>
            </div>
          </>
        ) : (
          <>
            <DialogTitle>Register a merchant</DialogTitle>
            <DialogDescription>
              A partner store that opens checkouts for children with its own API key.
            </DialogDescription>
            <RegisterForm onRegistered={setRegistered} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
