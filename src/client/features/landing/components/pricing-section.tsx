import { PLANS as PLAN_LIMITS } from "@shared/rules/plans";
import type { CheckoutPlan } from "@shared/schemas/billing";
import { Check, RotateCcw, ShieldCheck, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth";
import { openAuthDialog } from "@/lib/auth-dialog";
import { cn } from "@/lib/cn";
import { openPlanChooser } from "@/lib/plan-chooser";
import { Section, SectionHeading } from "./section";

interface Plan {
  name: string;
  price: string;
  blurb: string;
  features: readonly string[];
  cta: string;
  popular?: boolean;
  /** Family Plus is sold by the team rather than through a trial. */
  contactSales?: boolean;
  /** What a signed-in parent's button offers in the plan chooser. */
  checkoutPlan?: CheckoutPlan;
}

// spec 001 §9 "Plans (landing pricing grid)".
const PLANS: readonly Plan[] = [
  {
    name: "Free",
    price: PLAN_LIMITS.free.price,
    blurb: "Try safe shopping with one child.",
    features: ["1 child", "5 purchases per month", "Basic checkout and approval", "E-mail notifications"],
    cta: "Start Free",
  },
  {
    name: "Family Plan",
    price: PLAN_LIMITS.family.price,
    blurb: "For most families, with room to grow.",
    features: [
      "Up to 5 children",
      "Unlimited purchases",
      "Spending analytics",
      "Savings goals",
      "Achievements",
      "Priority support",
    ],
    cta: "Start 14-Day Free Trial",
    popular: true,
    checkoutPlan: "family",
  },
  {
    name: "Premium",
    price: PLAN_LIMITS.premium.price,
    blurb: "Smart tools for bigger families.",
    features: ["Unlimited children", "AI insights", "Chore-to-budget", "Price tracking", "Cashback", "24/7 support"],
    cta: "Start 14-Day Free Trial",
    checkoutPlan: "premium",
  },
  {
    name: "Family Plus",
    price: PLAN_LIMITS.family_plus.price,
    blurb: "Everything in Premium, and more.",
    features: [
      "Prepaid debit cards",
      "B2B school licensing",
      "White-label options",
      "Financial coaching",
      "Dedicated success manager",
    ],
    cta: "Contact Sales",
    contactSales: true,
  },
];

/** spec 001 §2.2 and §9: the four-plan grid, 14-day trial, no card, 30-day money back. */
export function PricingSection() {
  // A visitor signs up first; a signed-in parent goes straight to the plan chooser (docs/decisions/152).
  const { isAuthenticated } = useAuth();
  return (
    <Section id="pricing" headingId="pricing-title">
      <SectionHeading
        id="pricing-title"
        eyebrow="Pricing"
        title="Simple plans that grow with your family"
        description="Start free with one child. Paid plans begin with a 14-day free trial, no credit card required."
      />
      <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {PLANS.map((plan) => {
          const titleId = `plan-${plan.name.toLowerCase().replace(/\s+/g, "-")}`;
          return (
            <li
              key={plan.name}
              className={cn(
                "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm",
                plan.popular ? "border-2 border-brand-700 shadow-lg xl:-translate-y-2" : "border-slate-200",
              )}
            >
              {plan.popular && (
                <p className="absolute -top-3.5 left-1/2 flex -translate-x-1/2 items-center gap-1 whitespace-nowrap rounded-full bg-brand-700 px-3 py-1 text-xs font-bold text-white">
                  <Sparkles className="h-3.5 w-3.5" aria-hidden /> Most Popular
                </p>
              )}
              <h3 id={titleId} className="text-lg font-bold text-slate-900">
                {plan.name}
              </h3>
              <p className="mt-1 text-sm text-slate-600 md:min-h-10">{plan.blurb}</p>
              <p className="mt-5 flex items-baseline gap-1">
                <span className="text-4xl font-extrabold tracking-tight text-slate-900">{plan.price}</span>
                <span className="text-sm font-medium text-slate-600">/month</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              {plan.contactSales ? (
                <Button asChild variant="outline" className="mt-8 w-full">
                  <Link href="/schedule-demo">{plan.cta}</Link>
                </Button>
              ) : (
                <Button
                  variant={plan.popular ? "default" : "outline"}
                  className="mt-8 w-full"
                  onClick={() => (isAuthenticated ? openPlanChooser(plan.checkoutPlan) : openAuthDialog("signup"))}
                  aria-label={`${plan.cta}: ${plan.name}`}
                >
                  {plan.cta}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ul className="mt-10 flex flex-col items-center justify-center gap-x-8 gap-y-3 text-sm font-medium text-slate-700 sm:flex-row">
        <li className="flex items-center gap-2">
          <Sparkles className="h-4 w-4 text-brand-700" aria-hidden /> 14-day free trial
        </li>
        <li className="flex items-center gap-2">
          <ShieldCheck className="h-4 w-4 text-brand-700" aria-hidden /> No credit card required
        </li>
        <li className="flex items-center gap-2">
          <RotateCcw className="h-4 w-4 text-brand-700" aria-hidden /> 30-day money-back guarantee
        </li>
      </ul>
    </Section>
  );
}
