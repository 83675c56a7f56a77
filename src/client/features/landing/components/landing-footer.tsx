import { BadgeCheck, Globe, LockKeyhole, Mail, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";

const COMPLIANCE_BADGES = [
  { icon: ShieldCheck, label: "COPPA compliant" },
  { icon: Globe, label: "GDPR ready" },
  { icon: BadgeCheck, label: "PCI DSS payments" },
  { icon: LockKeyhole, label: "256-bit encryption" },
] as const;

// spec 001 §1 marketing claims, named by kind rather than by partner.
const INTEGRATIONS = [
  "500+ partner retailers",
  "Social video shopping",
  "Retail product search",
  "Browser extension",
  "Leading e-commerce store platforms",
  "Secure card payments",
] as const;

const CONTACTS = [
  { label: "Privacy officer", email: "privacy@pocketwise.app" },
  { label: "Compliance", email: "compliance@pocketwise.app" },
  { label: "Security team", email: "security@pocketwise.app" },
  { label: "Legal", email: "legal@pocketwise.app" },
] as const;

const linkClass = "rounded text-slate-300 underline-offset-4 hover:text-white hover:underline";

function Column({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  const headingId = `footer-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-16">
      <h2 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-white">
        {title}
      </h2>
      <ul className="mt-4 space-y-3 text-sm">{children}</ul>
    </section>
  );
}

/** spec 001 §1 and §2.2: compliance badges, legal links, integrations, contacts, tagline, copyright. */
export function LandingFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 pb-24 pt-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1.1fr_1.3fr]">
          <div id="compliance" className="scroll-mt-16 sm:col-span-2 lg:col-span-1">
            <p className="flex items-center gap-2 text-lg font-extrabold text-white">
              <span
                aria-hidden
                className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-sm text-white"
              >
                P
              </span>
              Pocketwise
            </p>
            <p className="mt-3 max-w-xs text-sm">
              Protecting children's financial futures through education and technology.
            </p>
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Compliance">
              {COMPLIANCE_BADGES.map((b) => (
                <li
                  key={b.label}
                  className="flex items-center gap-1.5 rounded-full border border-slate-700 px-3 py-1 text-xs font-semibold text-slate-200"
                >
                  <b.icon className="h-3.5 w-3.5 text-emerald-400" aria-hidden />
                  {b.label}
                </li>
              ))}
            </ul>
          </div>
          <Column title="Product">
            <li>
              <a href="/#features" className={linkClass}>
                Features
              </a>
            </li>
            <li>
              <a href="/#pricing" className={linkClass}>
                Pricing
              </a>
            </li>
            <li>
              <Link href="/demo" className={linkClass}>
                Interactive demo
              </Link>
            </li>
            <li>
              <Link href="/schedule-demo" className={linkClass}>
                Schedule a demo
              </Link>
            </li>
            <li>
              <a href="/#help" className={linkClass}>
                Help &amp; FAQ
              </a>
            </li>
            <li>
              <a href="/#parent-guides" className={linkClass}>
                Parent guides
              </a>
            </li>
          </Column>
          <Column title="Trust & legal">
            <li>
              <Link href="/security" className={linkClass}>
                Security &amp; data protection
              </Link>
            </li>
            <li>
              <Link href="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link href="/coppa-consent" className={linkClass}>
                Parental consent (COPPA)
              </Link>
            </li>
          </Column>
          <Column id="integrations" title="Integrations">
            {INTEGRATIONS.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </Column>
          <Column id="contact" title="Contact">
            {CONTACTS.map((c) => (
              <li key={c.email}>
                <span className="block text-slate-400">{c.label}</span>
                <a href={`mailto:${c.email}`} className={`${linkClass} inline-flex items-center gap-1.5`}>
                  <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden />
                  {c.email}
                </a>
              </li>
            ))}
          </Column>
        </div>
        <div className="mt-12 flex flex-col gap-3 border-t border-slate-800 pt-6 text-xs text-slate-400 md:flex-row md:justify-between">
          <p>© {new Date().getFullYear()} Pocketwise. All rights reserved.</p>
          <p className="max-w-2xl md:text-right">
            Pocketwise follows the Children's Online Privacy Protection Act (COPPA), GDPR data-protection principles and
            PCI DSS payment-card standards. For children aged 8-16 with parental supervision.
          </p>
        </div>
      </div>
    </footer>
  );
}
