import { PlayCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { openAuthDialog } from "@/lib/auth-dialog";

/** spec 001 §2.2 "Call-to-action band". */
export function CtaBand({ onWatchDemo, onPreloadDemo }: { onWatchDemo: () => void; onPreloadDemo: () => void }) {
  return (
    <section aria-labelledby="cta-title" className="bg-gradient-to-br from-brand-700 to-brand-800">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-8 px-4 py-14 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-3xl font-extrabold tracking-tight text-white text-balance sm:text-4xl">
            Give them the freedom to shop and the skills to spend wisely
          </h2>
          <p className="mt-3 text-lg text-brand-100">
            Set up in two minutes. 14 days free, no credit card, cancel any time.
          </p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button
            size="lg"
            className="bg-white text-brand-800 hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-brand-800"
            onClick={() => openAuthDialog("signup")}
          >
            Start Free Trial
          </Button>
          <Button
            size="lg"
            variant="outline"
            className="border-white/60 bg-transparent text-white hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-brand-800"
            onClick={onWatchDemo}
            onPointerEnter={onPreloadDemo}
            onFocus={onPreloadDemo}
            aria-haspopup="dialog"
          >
            <PlayCircle aria-hidden /> Try the Live Demo
          </Button>
        </div>
      </div>
    </section>
  );
}
