import { GraduationCap, Play, ShieldCheck, Wallet } from "lucide-react";
import { Button } from "@/components/ui/button";

const FEATURES = [
  {
    icon: Wallet,
    title: "Real-time budget checks",
    text: "Every item is checked against the monthly budget before it ever reaches the cart.",
  },
  {
    icon: ShieldCheck,
    title: "Parent approval",
    text: "Parents approve, deny or suggest an alternative from their phone in seconds.",
  },
  {
    icon: GraduationCap,
    title: "Learning built in",
    text: "Each purchase becomes a short money lesson, with points and badges for smart choices.",
  },
];

/** spec 001 §2.5: the intro with three feature cards and the button that starts the walkthrough. */
export function DemoIntro({ onStart }: { onStart: () => void }) {
  return (
    <div className="mx-auto max-w-5xl">
      <div className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Interactive demo</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          See how Pocketwise turns shopping into learning
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Follow Maya, age 11, from spotting an item online to earning her next badge, and see what her parent sees
          along the way. Six short steps, about two minutes.
        </p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
              <Icon className="h-6 w-6" aria-hidden />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <Button size="lg" onClick={onStart}>
          <Play aria-hidden />
          Start Interactive Demo
        </Button>
      </div>
    </div>
  );
}
