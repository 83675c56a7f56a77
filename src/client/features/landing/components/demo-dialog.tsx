import { Award, Bell, BookOpen, Check, CreditCard, Palette, RotateCcw, ShoppingCart, Sparkles } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { openAuthDialog } from "@/lib/auth-dialog";
import { cn } from "@/lib/cn";

// spec 001 §2.2: sample budget $150 with $47 spent; the demo item fits inside it.
const BUDGET = "$150.00";
const ITEM = { name: "Art supplies kit", store: "Craft Corner", price: "$24.99" };
const SPENT_BEFORE = { spent: "$47.00", left: "$103.00", percent: 31 };
const SPENT_AFTER = { spent: "$71.99", left: "$78.01", percent: 48 };
const STEP_COUNT = 6;

type ParentChoice = "approve" | "deny" | "suggest";

const CHOICES: { id: ParentChoice; label: string; outcome: string }[] = [
  {
    id: "approve",
    label: "Approve",
    outcome: "Your saved card completes the order, and Emma's budget updates straight away.",
  },
  {
    id: "deny",
    label: "Deny",
    outcome: "Emma sees your note: “Not this week, let's talk about it tonight.” Her $24.99 stays in her budget.",
  },
  {
    id: "suggest",
    label: "Suggest alternative",
    outcome: "Emma sees your suggestion: a $14.99 starter kit from the same store, with a note on why.",
  },
];

function BudgetBar({ spent, left, percent }: { spent: string; left: string; percent: number }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <div className="flex justify-between text-sm">
        <span className="font-medium text-slate-700">Emma's monthly budget</span>
        <span className="font-semibold text-slate-900">{BUDGET}</span>
      </div>
      <Progress value={percent} label="Share of Emma's budget spent" className="mt-2" barClassName="bg-emerald-600" />
      <p className="mt-2 text-sm text-slate-600">
        {spent} spent · <span className="font-semibold text-emerald-800">{left} left</span>
      </p>
    </div>
  );
}

function ItemRow({ status }: { status?: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800">
        <Palette className="h-6 w-6" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{ITEM.name}</p>
        <p className="text-sm text-slate-600">
          {ITEM.store} · {ITEM.price}
        </p>
      </div>
      {status}
    </div>
  );
}

const STEP_TITLES = [
  "Emma adds an item to her cart",
  "She checks out with Pocketwise",
  "You decide from your phone",
  "Approved!",
  "A lesson made for this purchase",
  "Badge unlocked: Smart Spender",
] as const;

function StepBody({
  step,
  choice,
  onChoose,
}: {
  step: number;
  choice: ParentChoice;
  onChoose: (c: ParentChoice) => void;
}) {
  switch (step) {
    case 1:
      return (
        <>
          <p className="text-slate-600">Emma finds a kit she likes and adds it to her cart, like any online shop.</p>
          <ItemRow status={<Badge variant="neutral">In cart</Badge>} />
          <BudgetBar {...SPENT_BEFORE} />
        </>
      );
    case 2:
      return (
        <>
          <p className="text-slate-600">
            Pocketwise checks her budget in real time and sends the cart to you instead of charging a card.
          </p>
          <ItemRow status={<Badge variant="pending">Awaiting Approval</Badge>} />
          <p className="flex items-center gap-2 rounded-xl bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
            <Check className="h-4 w-4 shrink-0" aria-hidden /> Budget check: after this purchase {SPENT_AFTER.spent} of{" "}
            {BUDGET} is spent, within her budget.
          </p>
        </>
      );
    case 3: {
      const picked = CHOICES.find((c) => c.id === choice);
      return (
        <>
          <div className="flex gap-3 rounded-xl border border-brand-100 bg-brand-50 p-3">
            <Bell className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <p className="text-sm text-slate-800">
              <span className="font-semibold">Emma wants an {ITEM.name.toLowerCase()}</span> for {ITEM.price}. It fits
              her budget.
            </p>
          </div>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">What would you do?</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {CHOICES.map((c) => (
                <Button
                  key={c.id}
                  type="button"
                  variant={choice === c.id ? "default" : "outline"}
                  aria-pressed={choice === c.id}
                  onClick={() => onChoose(c.id)}
                  className="whitespace-normal"
                >
                  {c.label}
                </Button>
              ))}
            </div>
          </fieldset>
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700" aria-live="polite">
            {picked?.outcome}
            {choice !== "approve" && " The demo carries on with an approval so you can see the rest."}
          </p>
        </>
      );
    }
    case 4:
      return (
        <>
          <p className="text-slate-600">You approved it. Your card pays the store; Emma never sees card details.</p>
          <ItemRow status={<Badge variant="approved">Approved</Badge>} />
          <BudgetBar {...SPENT_AFTER} />
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <CreditCard className="h-4 w-4 shrink-0" aria-hidden /> Paid with your saved card ending 4242.
          </p>
        </>
      );
    case 5:
      return (
        <div className="rounded-xl border border-sky-200 bg-sky-50 p-4">
          <p className="flex items-center gap-2 font-semibold text-sky-950">
            <BookOpen className="h-5 w-5" aria-hidden /> Lesson: compare before you buy
          </p>
          <p className="mt-2 text-sm text-slate-700">
            Emma looked at three kits before choosing this one. The lesson shows her how comparing saved $6 and how
            small savings grow into a bigger goal.
          </p>
          <p className="mt-3 text-sm font-medium text-sky-950">Lesson progress: 3 of 5 · +50 points</p>
        </div>
      );
    default:
      return (
        <div className="flex flex-col items-center rounded-xl bg-gradient-to-br from-amber-50 to-brand-50 p-6 text-center">
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-amber-400 text-amber-950 shadow-lg">
            <Award className="h-8 w-8" aria-hidden />
          </span>
          <p className="mt-3 text-lg font-bold text-slate-900">Smart Spender</p>
          <p className="mt-1 text-sm text-slate-700">
            Earned for a first purchase that stayed in budget. Emma is on her way from Bronze to Silver.
          </p>
        </div>
      );
  }
}

/** spec 001 §2.2: the six-step live demo with progress, Start Demo / Next Step, Reset Demo and Try Free. */
export default function DemoDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [step, setStep] = useState(0);
  const [choice, setChoice] = useState<ParentChoice>("approve");
  const handingOffToSignup = useRef(false);
  const primaryButton = useRef<HTMLButtonElement>(null);

  const reset = () => {
    setStep(0);
    setChoice("approve");
    // Reset Demo disappears at the start, so focus moves to Start Demo instead of being lost.
    primaryButton.current?.focus();
  };

  const primary =
    step === 0
      ? { label: "Start Demo", run: () => setStep(1) }
      : step < STEP_COUNT
        ? { label: "Next Step", run: () => setStep((s) => s + 1) }
        : {
            label: "Try Free",
            run: () => {
              handingOffToSignup.current = true;
              onOpenChange(false);
              openAuthDialog("signup");
            },
          };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-xl"
        onCloseAutoFocus={(e) => {
          // The sign-up dialog takes focus; returning it to the Watch Demo button would steal it back.
          if (handingOffToSignup.current) e.preventDefault();
          handingOffToSignup.current = false;
        }}
      >
        <DialogTitle className="flex items-center gap-2 pr-8">
          <Sparkles className="h-5 w-5 text-brand-700" aria-hidden /> Live demo: a purchase with Pocketwise
        </DialogTitle>
        <DialogDescription>Six steps, two minutes: from Emma's cart to the lesson she keeps.</DialogDescription>

        <div className="mt-5">
          <div className="flex justify-between text-sm font-medium text-slate-700">
            <span aria-live="polite">{step === 0 ? "Not started" : `Step ${step} of ${STEP_COUNT}`}</span>
            <span>{Math.round((step / STEP_COUNT) * 100)}%</span>
          </div>
          <Progress value={(step / STEP_COUNT) * 100} label="Demo progress" className="mt-2" />
        </div>

        <div className="mt-5 min-h-64 space-y-4">
          {step === 0 ? (
            <>
              <ul className="grid gap-3 sm:grid-cols-3">
                {[
                  { icon: ShoppingCart, text: "Emma shops" },
                  { icon: Bell, text: "You approve" },
                  { icon: Award, text: "She learns" },
                ].map((i) => (
                  <li
                    key={i.text}
                    className="flex items-center gap-2 rounded-xl bg-slate-50 p-3 text-sm font-semibold text-slate-800"
                  >
                    <i.icon className="h-5 w-5 text-brand-700" aria-hidden />
                    {i.text}
                  </li>
                ))}
              </ul>
              <p className="text-slate-600">
                Emma, 11, has a monthly budget of {BUDGET} and has spent {SPENT_BEFORE.spent} so far. Follow one
                purchase from her cart to your phone and back.
              </p>
              <BudgetBar {...SPENT_BEFORE} />
            </>
          ) : (
            <>
              <h3 className="text-lg font-bold text-slate-900">{STEP_TITLES[step - 1]}</h3>
              <StepBody step={step} choice={choice} onChoose={setChoice} />
            </>
          )}
        </div>

        <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <Link
            href="/demo"
            className="text-center text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Open the full interactive demo
          </Link>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            {step > 0 && (
              <Button variant="outline" onClick={reset}>
                <RotateCcw aria-hidden /> Reset Demo
              </Button>
            )}
            <Button
              ref={primaryButton}
              onClick={primary.run}
              className={cn(step === STEP_COUNT && "bg-emerald-700 hover:bg-emerald-800")}
            >
              {primary.label}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
