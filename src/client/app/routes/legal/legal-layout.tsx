import type { LucideIcon } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link } from "wouter";
import { PageTopBar } from "@/components/ui/page-top-bar";

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

const LEGAL_PAGES = [
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/terms", label: "Terms of Service" },
  { href: "/security", label: "Security & Data Protection" },
  { href: "/coppa-consent", label: "Parental consent" },
];

/** spec 001 §2.3: the shared frame of the three legal pages, with a contents list and a Back to Home link. */
export function LegalLayout({
  title,
  icon: Icon,
  updated,
  intro,
  sections,
}: {
  title: string;
  icon: LucideIcon;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  useEffect(() => {
    document.title = `${title} · Pocketwise`;
  }, [title]);

  return (
    <div className="min-h-screen bg-slate-50">
      <PageTopBar />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="mb-8 flex items-start gap-4">
          <span className="hidden h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 sm:flex">
            <Icon className="h-6 w-6" aria-hidden />
          </span>
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
            <p className="mt-2 text-sm text-slate-600">Last updated {updated}</p>
          </div>
        </div>

        <div className="grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
          <nav aria-label="On this page" className="lg:sticky lg:top-6 lg:self-start">
            <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">On this page</p>
            <ol className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
              {sections.map((s) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    className="block rounded-md border border-slate-200 bg-white px-2.5 py-1 text-sm text-slate-700 hover:border-brand-500 hover:text-brand-800 lg:border-0 lg:bg-transparent lg:px-2"
                  >
                    {s.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <article className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <div className="text-base leading-relaxed text-slate-700">{intro}</div>
            {sections.map((s) => (
              <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="mt-8 scroll-mt-6">
                <h2 id={`${s.id}-heading`} className="text-xl font-semibold text-slate-900">
                  {s.heading}
                </h2>
                <div className="mt-3 space-y-3 text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_strong]:text-slate-900 [&_ul]:space-y-1.5">
                  {s.body}
                </div>
              </section>
            ))}
          </article>
        </div>

        <footer className="mt-10 border-t border-slate-200 pt-6">
          <nav aria-label="Legal pages">
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {LEGAL_PAGES.map((p) => (
                <li key={p.href}>
                  <Link href={p.href} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                    {p.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="mt-4 text-sm text-slate-600">
            © {new Date().getFullYear()} Pocketwise. Protecting children's financial futures through education and
            technology.
          </p>
        </footer>
      </main>
    </div>
  );
}

/** A mail link that reads as the address itself. */
export function MailLink({ to }: { to: string }) {
  return (
    <a href={`mailto:${to}`} className="font-medium text-brand-700 underline underline-offset-2">
      {to}
    </a>
  );
}

/** A link to another screen of the app from within policy text. */
export function PageLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="font-medium text-brand-700 underline underline-offset-2">
      {children}
    </Link>
  );
}
