import { BadgeCheck, LockKeyhole, Quote, ShieldCheck, Star, Users } from "lucide-react";
import { formatWholeDollars } from "../lib/format";
import { SOCIAL_STATS, TESTIMONIALS } from "../lib/sample-data";
import { Section, SectionHeading } from "./section";

const TRUST_BADGES = [
  { icon: ShieldCheck, label: "COPPA compliant" },
  { icon: LockKeyhole, label: "256-bit encryption" },
  { icon: BadgeCheck, label: "PCI DSS payments" },
  { icon: Users, label: "Designed with parents" },
] as const;

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars
          key={i}
          className={i < rating ? "h-4 w-4 fill-amber-400 text-amber-500" : "h-4 w-4 text-slate-300"}
          aria-hidden
        />
      ))}
    </p>
  );
}

/** spec 001 §2.2 "Social proof": stats, three testimonials, trust badges. */
export function SocialProof() {
  return (
    <Section id="social-proof" headingId="social-proof-title" tone="muted">
      <SectionHeading
        id="social-proof-title"
        eyebrow="Loved by families"
        title="Parents trust Pocketwise with their kids' first purchases"
      />
      <dl className="mx-auto mt-12 grid max-w-5xl grid-cols-2 gap-6 md:grid-cols-4">
        {SOCIAL_STATS.map((s) => (
          <div key={s.label} className="flex flex-col text-center">
            <dt className="text-sm font-medium text-slate-600">{s.label}</dt>
            <dd className="order-first text-4xl font-extrabold tracking-tight text-brand-700">{s.value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-12 grid gap-6 lg:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between">
                <Stars rating={t.rating} />
                <Quote className="h-6 w-6 text-brand-100" aria-hidden />
              </div>
              <blockquote className="mt-4 flex-1 text-slate-700">“{t.quote}”</blockquote>
              <p className="mt-5 self-start rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-900">
                Saved {formatWholeDollars(t.savingsAmount)} with {t.children} {t.children === 1 ? "child" : "children"}
              </p>
              <figcaption className="mt-5 flex items-center gap-3 border-t border-slate-100 pt-4">
                <span
                  aria-hidden
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                >
                  {t.name.charAt(0)}
                </span>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="flex items-center gap-1 font-semibold text-slate-900">
                    {t.name}
                    {t.verified && (
                      <>
                        <BadgeCheck className="h-4 w-4 text-brand-700" aria-hidden />
                        <span className="sr-only">(verified parent)</span>
                      </>
                    )}
                  </p>
                  <p className="text-slate-600">
                    {t.role} · {t.location}
                  </p>
                </div>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <ul className="mt-10 flex flex-wrap items-center justify-center gap-3" aria-label="Trust badges">
        {TRUST_BADGES.map((b) => (
          <li
            key={b.label}
            className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-semibold text-slate-800"
          >
            <b.icon className="h-4 w-4 text-emerald-700" aria-hidden />
            {b.label}
          </li>
        ))}
      </ul>
    </Section>
  );
}
