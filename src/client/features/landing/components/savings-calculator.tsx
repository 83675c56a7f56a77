import { formatDollars } from "@shared/rules/money";
import { CALCULATOR_LIMITS, estimateSavings, recommendedPlanName } from "@shared/rules/savings-calculator";
import { Calculator } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Slider } from "@/components/ui/slider";
import { openAuthDialog } from "@/lib/auth-dialog";
import { cn } from "@/lib/cn";
import { Section, SectionHeading } from "./section";

const dollars = (value: number) => `$${value.toLocaleString("en-US")}`;

function SliderField({
  label,
  value,
  display,
  format,
  limits,
  onChange,
}: {
  label: string;
  value: number;
  display: string;
  format: (value: number) => string;
  limits: { min: number; max: number; step: number };
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <span id={id} className="text-sm font-medium text-slate-800">
          {label}
        </span>
        <output aria-hidden className="text-lg font-bold tabular-nums text-slate-900">
          {display}
        </output>
      </div>
      <Slider
        className="mt-3"
        labelledBy={id}
        valueText={display}
        min={limits.min}
        max={limits.max}
        step={limits.step}
        value={[value]}
        onValueChange={([v]) => v !== undefined && onChange(v)}
      />
      <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden>
        <span>{format(limits.min)}</span>
        <span>{format(limits.max)}</span>
      </div>
    </div>
  );
}

function Figure({
  label,
  value,
  strong,
  negative,
}: {
  label: string;
  value: string;
  strong?: boolean;
  negative?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3">
      <dt className="text-sm text-slate-300">{label}</dt>
      <dd
        className={cn(
          "font-bold tabular-nums",
          strong ? "text-3xl text-white" : "text-lg text-slate-100",
          negative && "text-amber-300",
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** spec 001 §5 and §9: three sliders feeding the savings rule in src/shared/rules/savings-calculator.ts. */
export function SavingsCalculator() {
  const [children, setChildren] = useState(2);
  const [spending, setSpending] = useState(300);
  const [overspend, setOverspend] = useState(50);
  const estimate = estimateSavings({
    children,
    monthlySpendingCents: spending * 100,
    monthlyOverspendCents: overspend * 100,
  });
  const plan = recommendedPlanName(children);

  return (
    <Section headingId="calculator-title">
      <SectionHeading
        id="calculator-title"
        eyebrow="Savings calculator"
        title="See what Pocketwise could save your family"
        description="Move the sliders to match your family. We estimate that approvals stop 80% of overspending and that comparing prices saves 5% of what is spent."
      />
      <div className="mx-auto mt-12 grid max-w-5xl overflow-hidden rounded-3xl border border-slate-200 shadow-lg lg:grid-cols-2">
        <div className="space-y-8 bg-white p-6 sm:p-8">
          <SliderField
            label="Number of children"
            value={children}
            display={String(children)}
            format={String}
            limits={CALCULATOR_LIMITS.children}
            onChange={setChildren}
          />
          <SliderField
            label="Monthly spending on kids' online purchases"
            value={spending}
            display={dollars(spending)}
            format={dollars}
            limits={CALCULATOR_LIMITS.monthlySpending}
            onChange={setSpending}
          />
          <SliderField
            label="Monthly overspending (impulse buys, surprises)"
            value={overspend}
            display={dollars(overspend)}
            format={dollars}
            limits={CALCULATOR_LIMITS.monthlyOverspend}
            onChange={setOverspend}
          />
        </div>
        <div className="flex flex-col bg-slate-900 p-6 text-white sm:p-8">
          <h3 className="flex items-center gap-2 font-semibold">
            <Calculator className="h-5 w-5 text-brand-100" aria-hidden /> Your estimate
          </h3>
          <dl className="mt-4 flex-1 divide-y divide-white/10" data-testid="calculator-results">
            <Figure label="Estimated savings per month" value={formatDollars(estimate.monthlySavingsCents)} />
            <Figure
              label={`${plan === "Free" ? "Free plan" : plan} cost per month`}
              value={formatDollars(estimate.planCostCents)}
            />
            <Figure
              label="Net benefit per month"
              value={formatDollars(estimate.netMonthlyCents)}
              negative={estimate.netMonthlyCents < 0}
            />
            <Figure label="Estimated savings per year" value={formatDollars(estimate.annualSavingsCents)} strong />
          </dl>
          <p className="sr-only" aria-live="polite">
            Estimated savings per year: {formatDollars(estimate.annualSavingsCents)}
          </p>
          <Button
            size="lg"
            className="mt-6 bg-white text-brand-800 hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-slate-900"
            onClick={() => openAuthDialog("signup")}
          >
            Start Saving Free
          </Button>
        </div>
      </div>
    </Section>
  );
}
