import { CalendarDays, CheckCircle2, Mail } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLoadWhenNear } from "@/hooks/use-load-when-near";
import { useCreateNewsletterSubscription } from "../api/create-newsletter-subscription";
import { NewsletterFields } from "./newsletter-fields";
import type { NewsletterArrival } from "./newsletter-form";

// The form's checks (react-hook-form and the shared zod schema) are the landing page's largest code, and the
// box is near its end: they arrive as the visitor nears the section or touches the box (docs/decisions/165).
const loadNewsletterForm = () => import("./newsletter-form").then((m) => m.NewsletterForm);

/** spec 001 §2.2 and §5, docs/product-contract.md "Public forms": the newsletter signup on the landing page. */
export function NewsletterSection() {
  const subscribe = useCreateNewsletterSubscription();
  const section = useRef<HTMLElement>(null);
  const { loaded: NewsletterForm, loadNow } = useLoadWhenNear(section, loadNewsletterForm);
  // Until the form has arrived its stand-in keeps what the visitor does, so nothing typed or pressed is lost.
  const arrival = useRef<NewsletterArrival>({ email: "", focused: false, submitted: false });
  const thanksHeading = useRef<HTMLHeadingElement>(null);

  // The form (and the focused Subscribe button) is replaced, so focus moves to the thank-you.
  useEffect(() => {
    if (subscribe.isSuccess) thanksHeading.current?.focus();
  }, [subscribe.isSuccess]);

  return (
    <section
      ref={section}
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
            {NewsletterForm ? (
              <NewsletterForm subscribe={subscribe} arrival={arrival.current} />
            ) : (
              <NewsletterFields
                onSubmit={(e) => {
                  e.preventDefault();
                  arrival.current.submitted = true;
                  loadNow();
                }}
                inputProps={{
                  onChange: (e) => {
                    arrival.current.email = e.target.value;
                  },
                  onFocus: () => {
                    arrival.current.focused = true;
                    loadNow();
                  },
                  onBlur: () => {
                    arrival.current.focused = false;
                  },
                }}
              />
            )}
          </>
        )}
      </div>
    </section>
  );
}
