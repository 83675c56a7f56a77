import { zodResolver } from "@hookform/resolvers/zod";
import { type NewsletterSignup, NewsletterSignupSchema } from "@shared/schemas/public-forms";
import { CalendarDays, CheckCircle2, Loader2, Mail, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { useCreateNewsletterSubscription } from "../api/create-newsletter-subscription";

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

/** spec 001 §2.2 and §5, docs/product-contract.md "Public forms": the newsletter signup on the landing page. */
export function NewsletterSection() {
  const subscribe = useCreateNewsletterSubscription();
  const form = useForm<NewsletterSignup, unknown, z.output<typeof NewsletterSignupSchema>>({
    resolver: zodResolver(NewsletterSignupSchema),
    defaultValues: { email: "" },
    // A message stays until the next attempt or until the address is edited, never re-checked per keystroke.
    reValidateMode: "onSubmit",
  });
  const fieldError = form.formState.errors.email?.message;
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  const errorToast = useRef<ReturnType<typeof toast> | undefined>(undefined);

  // The form (and the focused Subscribe button) is replaced, so focus moves to the thank-you.
  useEffect(() => {
    if (subscribe.isSuccess) thanksHeading.current?.focus();
  }, [subscribe.isSuccess]);

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
    <section
      id="parent-guides"
      aria-labelledby="newsletter-title"
      className="scroll-mt-16 bg-gradient-to-br from-brand-700 to-brand-800 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        {subscribe.isSuccess ? (
          <div role="status" className="rounded-3xl bg-white p-8 shadow-xl">
            <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-700" aria-hidden />
            <h2
              id="newsletter-title"
              ref={thanksHeading}
              tabIndex={-1}
              className="mt-4 text-2xl font-extrabold text-slate-900 focus:outline-none"
            >
              Thanks for subscribing!
            </h2>
            <p className="mt-2 text-slate-600">
              We'll send parent guides to <span className="font-semibold text-slate-900">{subscribe.data.email}</span>.
            </p>
            <ul className="mx-auto mt-6 grid max-w-md gap-3 text-left text-sm text-slate-700">
              <li className="flex gap-3 rounded-xl bg-slate-50 p-3">
                <Mail className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                Money-skills tips every week, on Tuesday.
              </li>
              <li className="flex gap-3 rounded-xl bg-slate-50 p-3">
                <CalendarDays className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />A family spending report on the
                1st of each month.
              </li>
            </ul>
          </div>
        ) : (
          <>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-100">Parent guides</p>
            <h2
              id="newsletter-title"
              className="mt-2 text-3xl font-extrabold tracking-tight text-white text-balance sm:text-4xl"
            >
              Money tips for parents, every Tuesday
            </h2>
            <p className="mt-4 text-lg text-brand-100">
              Practical guides for talking about money with kids, plus a family spending report on the 1st of each
              month. Unsubscribe with one click.
            </p>
            <form onSubmit={submit} className="mx-auto mt-8 max-w-lg text-left">
              <FormField
                id="newsletter-email"
                label="Your e-mail address"
                labelClassName="text-white"
                error={fieldError}
                errorClassName="mt-0.5 rounded-md bg-white px-3 py-2"
              >
                <div className="flex flex-col gap-3 sm:flex-row">
                  <Input
                    id="newsletter-email"
                    type="email"
                    autoComplete="email"
                    placeholder="you@example.com"
                    className="h-12"
                    {...form.register("email", { onChange: () => form.clearErrors("email") })}
                    {...describedBy("newsletter-email", { error: fieldError })}
                  />
                  <Button
                    type="submit"
                    size="lg"
                    disabled={subscribe.isPending}
                    className="bg-white text-brand-800 hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-brand-800"
                  >
                    {subscribe.isPending ? (
                      <Loader2 className="motion-safe:animate-spin" aria-hidden />
                    ) : (
                      <Send aria-hidden />
                    )}
                    {subscribe.isPending ? "Subscribing…" : "Subscribe"}
                  </Button>
                </div>
              </FormField>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
