import { zodResolver } from "@hookform/resolvers/zod";
import { type NewsletterSignup, NewsletterSignupSchema } from "@shared/schemas/public-forms";
import { type FormEvent, useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import type { useCreateNewsletterSubscription } from "../api/create-newsletter-subscription";
import { NewsletterFields } from "./newsletter-fields";

/** What the visitor did in the stand-in while this form's code was on its way. */
export interface NewsletterArrival {
  email: string;
  focused: boolean;
  submitted: boolean;
}

/** What a failed subscription tells the visitor; the typed address always stays in the box. */
function describeSubscribeError(error: unknown): { title: string; description: string; field?: string } {
  if (error instanceof ApiRequestError) {
    if (error.status === 400) {
      const field = error.fieldErrors.email;
      return {
        title: "Check your e-mail address",
        description: field ?? error.serverMessage ?? "That e-mail address doesn't look right.",
        field: field ?? error.serverMessage ?? undefined,
      };
    }
    if (error.status === 429) {
      return {
        title: "Too many attempts",
        description: error.serverMessage ?? "Please wait a few minutes and try again.",
      };
    }
    return {
      title: "We couldn't subscribe you",
      description: "Something went wrong on our side. Please try again in a moment.",
    };
  }
  return {
    title: "You seem to be offline",
    description: "We couldn't reach Pocketwise. Check your connection and try again.",
  };
}

/** spec 001 §2.2 and §5, docs/product-contract.md "Public forms": the newsletter's box, checked and sent. */
export function NewsletterForm({
  subscribe,
  arrival,
}: {
  subscribe: ReturnType<typeof useCreateNewsletterSubscription>;
  arrival: NewsletterArrival;
}) {
  const form = useForm<NewsletterSignup, unknown, z.output<typeof NewsletterSignupSchema>>({
    resolver: zodResolver(NewsletterSignupSchema),
    defaultValues: { email: arrival.email },
    // A message stays until the next attempt or until the address is edited, never re-checked per keystroke.
    reValidateMode: "onSubmit",
  });
  const fieldError = form.formState.errors.email?.message;
  const formElement = useRef<HTMLFormElement>(null);
  const errorToast = useRef<ReturnType<typeof toast> | undefined>(undefined);

  // The stand-in's focus and a press of Subscribe carry on here, once each.
  useEffect(() => {
    if (arrival.focused) form.setFocus("email");
    if (arrival.submitted) formElement.current?.requestSubmit();
    arrival.focused = false;
    arrival.submitted = false;
  }, [arrival, form]);

  const send = form.handleSubmit(({ email }) => {
    // A new attempt makes the last failure's message stale.
    errorToast.current?.dismiss();
    subscribe.mutate(
      { email },
      {
        onError: (error) => {
          const { title, description, field } = describeSubscribeError(error);
          if (field) form.setError("email", { type: "server", message: field });
          errorToast.current = toast({ title, description, variant: "destructive" });
        },
      },
    );
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    // spec 001 §5: an empty address is the 'Email Required' toast alone, at once, not a message under the box.
    // The shared schema's own message for it is the toast's description.
    const address = form.getValues("email");
    if (address.trim() === "") {
      e.preventDefault();
      form.clearErrors("email");
      toast({
        title: "Email Required",
        description: NewsletterSignupSchema.safeParse({ email: address }).error?.issues[0]?.message ?? "",
        variant: "destructive",
      });
      return;
    }
    return send(e);
  };

  return (
    <NewsletterFields
      formRef={formElement}
      onSubmit={submit}
      inputProps={form.register("email", { onChange: () => form.clearErrors("email") })}
      error={fieldError}
      pending={subscribe.isPending}
    />
  );
}
