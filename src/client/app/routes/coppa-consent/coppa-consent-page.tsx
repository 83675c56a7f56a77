import type { Consent } from "@shared/schemas/public-forms";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useSearch } from "wouter";
import { PageTopBar } from "@/components/ui/page-top-bar";
import { Spinner } from "@/components/ui/spinner";
import { ConsentCompleted } from "@/features/consent/components/consent-completed";
import { ConsentHelpCard } from "@/features/consent/components/consent-help-card";
import { ConsentWizard } from "@/features/consent/components/consent-wizard";

// A visitor's wizard is the page most arrive for; a signed-in parent's consent for a child is its own chunk.
const ChildConsent = lazy(() => import("./child-consent"));

function ConsentLayout({ children }: { children: ReactNode }) {
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
          <div className="min-w-0">{children}</div>
          <ConsentHelpCard />
        </div>
      </main>
    </div>
  );
}

/** The visitor's wizard (spec 001 §2.4), recorded through the public form. */
function VisitorConsent() {
  const [completed, setCompleted] = useState<Consent | null>(null);
  return completed ? <ConsentCompleted consent={completed} /> : <ConsentWizard onCompleted={setCompleted} />;
}

/** spec 001 §2.4: the parental-consent wizard; with `?child={id}`, a signed-in parent's consent for that child. */
export default function CoppaConsentPage() {
  const params = new URLSearchParams(useSearch());
  const childId = params.get("child");

  useEffect(() => {
    document.title = "Parental Consent · Pocketwise";
  }, []);

  return (
    <ConsentLayout>
      {childId ? (
        <Suspense fallback={<Spinner className="min-h-[40vh]" />}>
          <ChildConsent childId={childId} checked={params.get("checked")} />
        </Suspense>
      ) : (
        <VisitorConsent />
      )}
    </ConsentLayout>
  );
}
