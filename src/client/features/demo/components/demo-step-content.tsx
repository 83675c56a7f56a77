import {
  BadgeCheck,
  Bell,
  Check,
  CircleCheck,
  Heart,
  Lightbulb,
  Repeat,
  ShoppingBag,
  Star,
  ThumbsDown,
  ThumbsUp,
  Trophy,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";
import { type DemoStepId, formatDollars, SAMPLE } from "../demo-data";

const { item, childName, parentName } = SAMPLE;
const remainingCents = SAMPLE.budgetCents - SAMPLE.spentCents;
const afterCents = remainingCents - item.priceCents;

function Panel({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5", className)}>
      <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</p>
      {children}
    </div>
  );
}

function ItemCard() {
  return (
    <div className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-3">
      <div
        className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-600 to-fuchsia-500 text-white"
        aria-hidden
      >
        <Star className="h-7 w-7" />
      </div>
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{item.name}</p>
        <p className="text-sm text-slate-600">{item.shop}</p>
        <p className="font-bold text-slate-900">{formatDollars(item.priceCents)}</p>
      </div>
    </div>
  );
}

function Discover() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel label={`${childName}'s social feed`}>
        <div className="rounded-lg bg-slate-900 p-4 text-white">
          <p className="text-sm font-semibold">{item.creator}</p>
          <p className="mt-1 text-sm text-slate-200">"Turn your ceiling into the night sky in 10 minutes ✨"</p>
          <p className="mt-3 flex items-center gap-1 text-xs text-slate-300">
            <Heart className="h-3.5 w-3.5" aria-hidden /> 12.4K likes
          </p>
        </div>
        <div className="mt-3">
          <ItemCard />
        </div>
      </Panel>
      <Panel label="What happens">
        <p className="text-slate-700">
          {childName} taps the item in a video on a social shop. Instead of a card form, the checkout offers{" "}
          <strong>Check out with Pocketwise</strong>, so no payment details ever reach a child.
        </p>
        <div className="mt-4 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white">
          <ShoppingBag className="h-4 w-4" aria-hidden /> Check out with Pocketwise
        </div>
      </Panel>
    </div>
  );
}

function BudgetCheck() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel label="Monthly budget">
        <dl className="grid grid-cols-3 gap-2 text-center">
          {[
            ["Budget", formatDollars(SAMPLE.budgetCents)],
            ["Spent", formatDollars(SAMPLE.spentCents)],
            ["Left", formatDollars(remainingCents)],
          ].map(([k, v]) => (
            <div key={k} className="rounded-lg bg-white p-2">
              <dt className="text-xs text-slate-600">{k}</dt>
              <dd className="text-lg font-bold text-slate-900">{v}</dd>
            </div>
          ))}
        </dl>
        <Progress className="mt-4" value={52.5} label="Budget spent so far: 52.5%" />
        <p className="mt-2 text-sm text-slate-600">52.5% of this month's budget used</p>
      </Panel>
      <Panel label="This item">
        <ItemCard />
        <p className="mt-3 text-slate-700">
          {formatDollars(item.priceCents)} is <strong>{SAMPLE.itemShareOfBudget} of the monthly budget</strong>. After
          buying it, {childName} would have {formatDollars(afterCents)} left.
        </p>
        <p className="mt-3 flex items-center gap-2 font-semibold text-emerald-800">
          <CircleCheck className="h-5 w-5" aria-hidden /> Within budget
        </p>
      </Panel>
    </div>
  );
}

function SendToParent() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel label={`${childName}'s screen`}>
        <ItemCard />
        <div className="mt-3 flex items-center justify-between gap-2">
          <span className="text-sm text-slate-700">Status</span>
          <Badge variant="pending">Awaiting Approval</Badge>
        </div>
        <p className="mt-3 text-sm text-slate-600">
          Above the auto-approval limit, so the cart goes to a parent. {childName} can add a note saying why she wants
          it.
        </p>
      </Panel>
      <Panel label={`${parentName}'s phone`}>
        <div className="flex items-start gap-3 rounded-lg bg-white p-3 shadow-sm">
          <Bell className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
          <div>
            <p className="font-semibold text-slate-900">New cart from {childName}</p>
            <p className="text-sm text-slate-600">
              {item.name} · {formatDollars(item.priceCents)} · {item.shop}
            </p>
            <p className="mt-1 text-sm italic text-slate-600">"For my science project!"</p>
          </div>
        </div>
      </Panel>
    </div>
  );
}

const DECISIONS = [
  {
    id: "approve",
    label: "Approve",
    icon: ThumbsUp,
    outcome: `Approved. The purchase completes with ${parentName}'s payment method and ${childName}'s budget updates.`,
  },
  {
    id: "deny",
    label: "Deny",
    icon: ThumbsDown,
    outcome: `Denied, with a note ${childName} can read: "Let's wait until your birthday."`,
  },
  {
    id: "alternative",
    label: "Suggest alternative",
    icon: Repeat,
    outcome: `${parentName} suggests a $14.99 star projector from the same shop, and ${childName} can accept it.`,
  },
] as const;

function Decide() {
  const [choice, setChoice] = useState<(typeof DECISIONS)[number]["id"]>("approve");
  const chosen = DECISIONS.find((d) => d.id === choice) ?? DECISIONS[0];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel label={`${parentName}'s review`}>
        <ItemCard />
        <dl className="mt-3 space-y-1 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">Left this month after purchase</dt>
            <dd className="font-semibold text-slate-900">{formatDollars(afterCents)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">Share of budget</dt>
            <dd className="font-semibold text-slate-900">{SAMPLE.itemShareOfBudget}</dd>
          </div>
        </dl>
      </Panel>
      <Panel label="Try a decision">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Parent decision</legend>
          {DECISIONS.map(({ id, label, icon: Icon }) => (
            <button
              key={id}
              type="button"
              aria-pressed={choice === id}
              onClick={() => setChoice(id)}
              className={cn(
                "inline-flex items-center gap-1.5 rounded-lg border px-3 py-2 text-sm font-semibold",
                choice === id
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
              )}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </button>
          ))}
        </fieldset>
        <p className="mt-4 rounded-lg bg-white p-3 text-slate-700" aria-live="polite">
          {chosen.outcome}
        </p>
      </Panel>
    </div>
  );
}

function Learn() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel label="Today's lesson">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <Lightbulb className="h-5 w-5 text-amber-600" aria-hidden /> Needs, wants and the 24-hour rule
        </p>
        <p className="mt-2 text-slate-700">
          The kit took a quarter of {childName}'s budget. Waiting a day before buying something you saw in a video helps
          you check it is a real want, not just a moment's excitement.
        </p>
      </Panel>
      <Panel label="Lesson progress">
        <p className="text-2xl font-bold text-slate-900">
          {SAMPLE.lessons.done} of {SAMPLE.lessons.total}
        </p>
        <p className="text-sm text-slate-600">lessons in "Smart Spending" completed</p>
        <Progress
          className="mt-3"
          value={(SAMPLE.lessons.done / SAMPLE.lessons.total) * 100}
          label={`Lessons completed: ${SAMPLE.lessons.done} of ${SAMPLE.lessons.total}`}
        />
      </Panel>
    </div>
  );
}

function Achieve() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel label="Achievement unlocked" className="border-amber-200 bg-amber-50">
        <div className="flex items-center gap-4">
          <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-amber-400 text-amber-950">
            <Trophy className="h-8 w-8" aria-hidden />
          </span>
          <div>
            <p className="text-lg font-bold text-slate-900">Smart Spender</p>
            <p className="text-sm text-slate-700">First purchase approved within budget</p>
            <p className="mt-1 font-semibold text-amber-900">+{SAMPLE.points} points</p>
          </div>
        </div>
      </Panel>
      <Panel label="Progress">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <BadgeCheck className="h-5 w-5 text-brand-700" aria-hidden />
          Level up: {SAMPLE.level.from} → {SAMPLE.level.to}
        </p>
        <p className="mt-3 text-sm text-slate-700">
          Achievements: {SAMPLE.achievements.unlocked} of {SAMPLE.achievements.total}
        </p>
        <ul className="mt-2 flex gap-2" aria-label="Achievements">
          {Array.from({ length: SAMPLE.achievements.total }, (_, i) => {
            const unlocked = i < SAMPLE.achievements.unlocked;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: the slots are fixed positions
                key={i}
                className={cn(
                  "flex h-9 w-9 items-center justify-center rounded-full",
                  unlocked ? "bg-brand-700 text-white" : "bg-slate-200 text-slate-500",
                )}
              >
                {unlocked ? (
                  <Check className="h-4 w-4" aria-label="Unlocked" />
                ) : (
                  <span className="sr-only">Locked</span>
                )}
              </li>
            );
          })}
        </ul>
      </Panel>
    </div>
  );
}

export const STEP_CONTENT: Record<DemoStepId, () => ReactNode> = {
  discover: Discover,
  budget: BudgetCheck,
  send: SendToParent,
  decide: Decide,
  learn: Learn,
  achieve: Achieve,
};
