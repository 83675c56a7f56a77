import {
  BadgeCheck,
  Brain,
  ChartNoAxesColumn,
  Clock,
  CreditCard,
  Eye,
  LockKeyhole,
  PiggyBank,
  Repeat,
  ShieldCheck,
  Tag,
  UserCheck,
} from "lucide-react";
import { Link } from "wouter";
import { Section, SectionHeading } from "./section";

const FEATURES = [
  {
    icon: ShieldCheck,
    title: "Approval for every cart",
    text: "Each cart comes to you first. Approve, deny or suggest a better option, with a note your child sees.",
  },
  {
    icon: Repeat,
    title: "Smart auto-approval",
    text: "Set it once: approve small buys automatically, such as anything under $20, and keep the rest for review.",
  },
  {
    icon: ChartNoAxesColumn,
    title: "Budgets and insights",
    text: "A monthly budget per child with spending by store and category, and a warning before money runs out.",
  },
  {
    icon: Brain,
    title: "AI-powered money lessons",
    text: "Short lessons picked for each purchase, from comparing prices to saving for something bigger.",
  },
  {
    icon: PiggyBank,
    title: "Savings goals and chores",
    text: "Family and personal goals, challenges and chores that add to the budget when you confirm them.",
  },
  {
    icon: Tag,
    title: "Price tracking and cashback",
    text: "Premium watches prices on wish-list items and passes cashback to your child's savings.",
  },
] as const;

const SAFEGUARDS = [
  { icon: UserCheck, title: "Parents hold the keys", text: "Parents 18+ create and manage every account." },
  {
    icon: Clock,
    title: "Rules you choose",
    text: "Spending limits, blocked categories and shopping hours, changeable at any time.",
  },
  {
    icon: BadgeCheck,
    title: "Children's privacy law",
    text: "Verifiable parental consent before any child under 13 can join.",
  },
  {
    icon: CreditCard,
    title: "No card in kids' hands",
    text: "Your card details stay with our payment provider and never reach your child.",
  },
  { icon: LockKeyhole, title: "Encrypted end to end", text: "Bank-level encryption in transit and at rest." },
  { icon: Eye, title: "Adult content blocked", text: "On by default for every child profile." },
] as const;

/** spec 001 §2.2 "Feature cards", with the safety promises the header's Safety link points to. */
export function FeaturesSection() {
  return (
    <>
      <Section id="features" headingId="features-title">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything a family needs to shop and learn together"
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li
              key={f.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-md"
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <f.icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{f.title}</h3>
              <p className="mt-2 text-slate-600">{f.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <section
        id="safety"
        aria-labelledby="safety-title"
        className="scroll-mt-16 bg-slate-900 py-16 text-white sm:py-20"
      >
        <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[0.8fr_1.2fr] lg:px-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-100">Safety</p>
            <h2 id="safety-title" className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
              Safety is the product, not a setting
            </h2>
            <p className="mt-4 text-lg text-slate-300">
              Pocketwise was designed with parents and child-safety experts so that a child can shop online without ever
              holding a card, and without a purchase you didn't allow.
            </p>
            <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
              <Link href="/security" className="rounded text-white underline underline-offset-4 hover:text-brand-100">
                How we protect data
              </Link>
              <Link
                href="/coppa-consent"
                className="rounded text-white underline underline-offset-4 hover:text-brand-100"
              >
                Parental consent
              </Link>
            </div>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {SAFEGUARDS.map((s) => (
              <li key={s.title} className="flex gap-3 rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
                <s.icon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-400" aria-hidden />
                <div>
                  <h3 className="font-semibold">{s.title}</h3>
                  <p className="mt-1 text-sm text-slate-300">{s.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
