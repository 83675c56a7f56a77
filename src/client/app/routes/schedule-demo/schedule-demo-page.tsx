import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { PageTopBar } from "@/components/ui/page-top-bar";
import { DemoRequestForm } from "@/features/public-forms/components/demo-request-form";
import { DemoRequestSidePanel } from "@/features/public-forms/components/demo-request-side-panel";
import { DemoRequestThankYou } from "@/features/public-forms/components/demo-request-thank-you";

/** spec 001 §2.6 and §4: editing, submitting, then the thank-you screen. */
export default function ScheduleDemoPage() {
  const [scheduledFor, setScheduledFor] = useState<string | null>(null);
  // "Contact Sales" for Family Plus links here with ?role=parent.
  const role = new URLSearchParams(useSearch()).get("role");

  useEffect(() => {
    document.title = "Schedule a Demo · Pocketwise";
  }, []);

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-slate-50">
      <PageTopBar />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="mb-8 max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Schedule a Demo</h1>
          <p className="mt-2 text-lg text-slate-600">
            See how Pocketwise helps your family or school teach smart money habits. Tell us a little about you and we
            will set up a personal walkthrough.
          </p>
        </div>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <section
            aria-label={scheduledFor ? "Demo requested" : "Demo request form"}
            className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
          >
            {scheduledFor ? (
              <DemoRequestThankYou firstName={scheduledFor} />
            ) : (
              <DemoRequestForm role={role} onScheduled={(request) => setScheduledFor(request.firstName)} />
            )}
          </section>
          <DemoRequestSidePanel />
        </div>
      </main>
    </div>
  );
}
