import type { Consent } from "@shared/schemas/public-forms";
import { useEffect, useState } from "react";
import { PageTopBar } from "@/components/ui/page-top-bar";
import { ConsentCompleted } from "@/features/consent/components/consent-completed";
import { ConsentHelpCard } from "@/features/consent/components/consent-help-card";
import { ConsentWizard } from "@/features/consent/components/consent-wizard";

/** spec 001 §2.4: the parental-consent wizard. */
export default function CoppaConsentPage() {
  const [completed, setCompleted] = useState<Consent | null>(null);

  useEffect(() => {
    document.title = "Parental Consent · Pocketwise";
  }, []);

  return (
    <div className="min-h-screen bg-slate-50">
      <PageTopBar />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="mb-8 max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Parental Consent</h1>
          <p className="mt-2 text-lg text-slate-600">
            Before your child uses Pocketwise we need your consent, and for children under 13 a quick check that you are
            their parent or guardian.
          </p>
        </div>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            {completed ? <ConsentCompleted consent={completed} /> : <ConsentWizard onCompleted={setCompleted} />}
          </div>
          <ConsentHelpCard />
        </div>
      </main>
    </div>
  );
}
