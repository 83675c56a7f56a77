import { CircleCheck, Clock, Mail, Phone } from "lucide-react";
import { CONTACT, DEMO_EXPECTATIONS } from "./demo-expectations";

/** spec 001 §2.6: what to expect and how to reach us, beside the form. */
export function DemoRequestSidePanel() {
  return (
    <aside className="grid gap-4 self-start" aria-label="About the demo">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">What to expect</h2>
        <ul className="mt-3 space-y-2.5">
          {DEMO_EXPECTATIONS.map((item) => (
            <li key={item} className="flex items-start gap-2 text-sm text-slate-700">
              <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
              {item}
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Questions first?</h2>
        <ul className="mt-3 space-y-3 text-sm">
          <li className="flex items-center gap-2">
            <Mail className="h-4 w-4 text-brand-700" aria-hidden />
            <a href={`mailto:${CONTACT.email}`} className="font-medium text-brand-700 underline underline-offset-2">
              {CONTACT.email}
            </a>
          </li>
          <li className="flex items-center gap-2">
            <Phone className="h-4 w-4 text-brand-700" aria-hidden />
            <a
              href={`tel:${CONTACT.phone.replace(/[^\d+]/g, "")}`}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {CONTACT.phone}
            </a>
          </li>
          <li className="flex items-center gap-2 text-slate-700">
            <Clock className="h-4 w-4 text-brand-700" aria-hidden />
            Monday to Friday, 9 AM to 6 PM ET
          </li>
        </ul>
      </section>
    </aside>
  );
}
