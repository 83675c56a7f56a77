import { Loader2, Send } from "lucide-react";
import type { ComponentProps, FormEventHandler, Ref } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/** The newsletter's box and button on the dark band, as both the working form and its stand-in draw them. */
export function NewsletterFields({
  formRef,
  onSubmit,
  inputProps,
  error,
  pending = false,
}: {
  formRef?: Ref<HTMLFormElement>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  inputProps: ComponentProps<"input">;
  error?: string;
  pending?: boolean;
}) {
  return (
    <form ref={formRef} onSubmit={onSubmit} className="mx-auto mt-8 max-w-lg text-left">
      <FormField
        id="newsletter-email"
        label="Your e-mail address"
        labelClassName="text-white"
        error={error}
        errorClassName="mt-0.5 rounded-md bg-white px-3 py-2"
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Input
            id="newsletter-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            className="h-12"
            {...inputProps}
            {...describedBy("newsletter-email", { error })}
          />
          <Button
            type="submit"
            size="lg"
            disabled={pending}
            className="bg-white text-brand-800 hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-brand-800"
          >
            {pending ? <Loader2 className="motion-safe:animate-spin" aria-hidden /> : <Send aria-hidden />}
            {pending ? "Subscribing…" : "Subscribe"}
          </Button>
        </div>
      </FormField>
    </form>
  );
}
