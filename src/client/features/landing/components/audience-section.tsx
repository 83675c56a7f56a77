import { Check, Heart, School, ShoppingBag, Store } from "lucide-react";
import { Section, SectionHeading } from "./section";

const AUDIENCES = [
  {
    icon: Heart,
    title: "Parents",
    lead: "Stay in control without saying no to everything.",
    points: ["Approve carts from your phone", "Budgets and rules per child", "Clear monthly insights"],
    accent: "bg-rose-100 text-rose-800",
  },
  {
    icon: ShoppingBag,
    title: "Young Shoppers",
    lead: "Ages 6-17: real shopping, real choices, real skills.",
    points: ["Shop favourite stores safely", "Earn badges and rewards", "Save towards personal goals"],
    accent: "bg-amber-100 text-amber-900",
  },
  {
    icon: School,
    title: "Schools",
    lead: "Financial literacy that students practise for real.",
    points: ["Classroom licences", "Lesson plans and progress", "Parent-approved by design"],
    accent: "bg-sky-100 text-sky-900",
  },
  {
    icon: Store,
    title: "Retailers",
    lead: "Welcome young customers with their parents' blessing.",
    points: ["Trusted family checkout", "Simple platform integration", "Fewer abandoned carts"],
    accent: "bg-emerald-100 text-emerald-900",
  },
] as const;

/** spec 001 §2.2 "Audience segments". */
export function AudienceSection() {
  return (
    <Section headingId="audience-title" tone="muted">
      <SectionHeading
        id="audience-title"
        eyebrow="Who it's for"
        title="Built for the whole family, and the people around it"
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {AUDIENCES.map((a) => (
          <li key={a.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className={`flex h-11 w-11 items-center justify-center rounded-xl ${a.accent}`}>
              <a.icon className="h-5 w-5" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-bold text-slate-900">{a.title}</h3>
            <p className="mt-1 text-slate-600">{a.lead}</p>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {a.points.map((p) => (
                <li key={p} className="flex gap-2">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
                  {p}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}
