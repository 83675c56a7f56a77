import { GraduationCap, ShoppingCart, Smartphone } from "lucide-react";
import { Section, SectionHeading } from "./section";

const STEPS = [
  {
    icon: ShoppingCart,
    title: "Your child shops",
    text: "They browse 500+ partner stores and social shops, fill a cart within their monthly budget and check out with Pocketwise.",
  },
  {
    icon: Smartphone,
    title: "You decide in one tap",
    text: "The cart arrives on your phone. Approve it, deny it or suggest an alternative, and your saved payment method completes the order.",
  },
  {
    icon: GraduationCap,
    title: "They learn as they spend",
    text: "Every purchase unlocks a short lesson, badges and family challenges, so good money habits grow with every cart.",
  },
] as const;

/** spec 001 §2.2 "Three-step how-it-works". */
export function HowItWorks() {
  return (
    <Section headingId="how-title" tone="muted">
      <SectionHeading
        id="how-title"
        eyebrow="How it works"
        title="Freedom for them, peace of mind for you"
        description="Pocketwise sits between your child's cart and your card, so nothing is bought that you haven't agreed to."
      />
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="absolute right-5 top-5 text-4xl font-black text-brand-100" aria-hidden>
              {i + 1}
            </span>
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-700 text-white">
              <step.icon className="h-6 w-6" aria-hidden />
            </span>
            <h3 className="mt-5 text-lg font-bold text-slate-900">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
