import { ArrowLeft, ArrowRight, Check, Sparkles } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { Button, buttonVariants } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";
import { DEMO_STEPS } from "../demo-data";
import { STEP_CONTENT } from "./demo-step-content";

/**
 * spec 001 §2.5 and §4: six steps with a progress bar and a step list that jumps; Previous is
 * disabled on the first step and the last step offers the free trial instead of Next.
 */
export function DemoWalkthrough({ step, onStep }: { step: number; onStep: (step: number) => void }) {
  const total = DEMO_STEPS.length;
  const current = DEMO_STEPS[step - 1] ?? DEMO_STEPS[0];
  const Content = STEP_CONTENT[current.id];
  const isLast = step === total;

  // Next disappears on the last step; keep a keyboard user's place by moving focus to what replaced it.
  useEffect(() => {
    if (isLast && document.activeElement === document.body) document.getElementById("start-free-trial")?.focus();
  }, [isLast]);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label="Demo steps" className="order-2 lg:order-1">
        <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
          {DEMO_STEPS.map((s, i) => {
            const n = i + 1;
            const done = n < step;
            const active = n === step;
            return (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => onStep(n)}
                  aria-current={active ? "step" : undefined}
                  className={cn(
                    "flex w-full items-center gap-3 rounded-xl border p-3 text-left text-sm",
                    active
                      ? "border-brand-700 bg-brand-50 text-brand-800"
                      : "border-slate-200 bg-white text-slate-700 hover:bg-slate-50",
                  )}
                >
                  <span
                    className={cn(
                      "flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                      done || active ? "bg-brand-700 text-white" : "bg-slate-200 text-slate-700",
                    )}
                    aria-hidden
                  >
                    {done ? <Check className="h-4 w-4" /> : n}
                  </span>
                  <span className="font-medium">
                    <span className="sr-only">Step {n}: </span>
                    {s.title}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <section aria-labelledby="demo-step-title" className="order-1 min-w-0 lg:order-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <div className="flex items-center justify-between gap-3 text-sm">
            <p className="font-semibold text-brand-700" aria-live="polite">
              Step {step} of {total}
            </p>
            <p className="text-slate-600">{Math.round((step / total) * 100)}% complete</p>
          </div>
          <Progress className="mt-2" value={(step / total) * 100} label={`Demo progress: step ${step} of ${total}`} />
          <h1 id="demo-step-title" className="mt-5 text-2xl font-bold text-slate-900 sm:text-3xl">
            {current.title}
          </h1>
          <p className="mt-1 text-slate-600">{current.summary}</p>
          <div className="mt-5">
            <Content />
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
            <Button variant="outline" onClick={() => onStep(step - 1)} disabled={step === 1}>
              <ArrowLeft aria-hidden />
              Previous
            </Button>
            {isLast ? (
              <Link id="start-free-trial" href="/" className={buttonVariants({ variant: "success" })}>
                <Sparkles aria-hidden />
                Start Your Free Trial
              </Link>
            ) : (
              <Button onClick={() => onStep(step + 1)}>
                Next
                <ArrowRight aria-hidden />
              </Button>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
