import { LifeBuoy } from "lucide-react";
import { HELP_CHANNELS } from "../consent-copy";

/** spec 001 §2.4: three ways to get help with the consent process. */
export function ConsentHelpCard() {
  return (
    <aside
      aria-labelledby="consent-help-heading"
      className="self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="consent-help-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <LifeBuoy className="h-5 w-5 text-brand-700" aria-hidden />
        Need help?
      </h2>
      <ul className="mt-3 grid gap-3">
        {HELP_CHANNELS.map((c) => (
          <li key={c.email}>
            <p className="text-sm font-medium text-slate-800">{c.title}</p>
            <a href={`mailto:${c.email}`} className="text-sm font-medium text-brand-700 underline underline-offset-2">
              {c.email}
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
