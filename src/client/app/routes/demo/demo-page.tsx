import { useEffect, useState } from "react";
import { PageTopBar } from "@/components/ui/page-top-bar";
import { DemoIntro } from "@/features/demo/components/demo-intro";
import { DemoWalkthrough } from "@/features/demo/components/demo-walkthrough";

/** spec 001 §2.5 and §4: not started (the intro), then started on steps 1-6. */
export default function DemoPage() {
  const [step, setStep] = useState<number | null>(null);

  useEffect(() => {
    document.title = "Interactive Demo · Pocketwise";
  }, []);

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-slate-50">
      <PageTopBar />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        {step === null ? <DemoIntro onStart={() => setStep(1)} /> : <DemoWalkthrough step={step} onStep={setStep} />}
      </main>
    </div>
  );
}
