import { FAQ_FILTERS, type FaqFilter, filterFaq } from "@shared/rules/faq";
import { ChevronDown, MessageCircle } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";
import { FAQ_ITEMS } from "../lib/sample-data";
import { Section, SectionHeading } from "./section";

/** spec 001 §2.2: FAQ with All, Safety, Pricing, Usage filters; general questions only under All. */
export function FaqSection({ onOpenChat }: { onOpenChat: () => void }) {
  const [filter, setFilter] = useState<FaqFilter>("all");
  const items = filterFaq(FAQ_ITEMS, filter);
  return (
    <Section id="help" headingId="faq-title">
      <SectionHeading
        id="faq-title"
        eyebrow="Help"
        title="Frequently asked questions"
        description="Straight answers about safety, pricing and everyday use."
      />
      <div className="mx-auto mt-10 max-w-3xl">
        <fieldset className="flex min-w-0 flex-wrap justify-center gap-2">
          <legend className="sr-only">Filter questions by topic</legend>
          {FAQ_FILTERS.map((f) => (
            <button
              key={f.id}
              type="button"
              aria-pressed={filter === f.id}
              onClick={() => setFilter(f.id)}
              className={cn(
                "min-h-10 rounded-full border px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2",
                filter === f.id
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
              )}
            >
              {f.label}
            </button>
          ))}
        </fieldset>
        <p className="sr-only" aria-live="polite">
          {items.length} questions shown
        </p>
        <ul className="mt-8 space-y-3" data-testid="faq-list">
          {items.map((item) => (
            <li key={item.id}>
              <details className="group rounded-xl border border-slate-200 bg-white open:shadow-sm">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-5 font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <ChevronDown
                    className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                    aria-hidden
                  />
                </summary>
                <p className="px-5 pb-5 text-slate-600">{item.answer}</p>
              </details>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-slate-600">
          Still wondering about something?{" "}
          <button
            type="button"
            onClick={onOpenChat}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            <MessageCircle className="h-4 w-4" aria-hidden /> Ask us in the chat
          </button>
        </p>
      </div>
    </Section>
  );
}
