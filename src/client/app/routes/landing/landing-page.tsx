import { lazy, Suspense, useState } from "react";
import { SiteHeader } from "@/components/layouts/site-header";
import { HeroSection } from "@/features/landing/components/hero-section";
import { LiveStats } from "@/features/landing/components/live-stats";

// The hero and live stats paint first; the rest of the page is one chunk fetched right after,
// so the first screen waits only for what it shows.
const loadBelowTheFold = () => import("./below-the-fold");
const LandingSections = lazy(() => loadBelowTheFold().then((m) => ({ default: m.LandingSections })));
const LandingFooterAndWidgets = lazy(() => loadBelowTheFold().then((m) => ({ default: m.LandingFooterAndWidgets })));

// The demo dialog is only needed once asked for; hovering or focusing a demo button starts the download.
const loadDemoDialog = () => import("@/features/landing/components/demo-dialog");
const DemoDialog = lazy(loadDemoDialog);
const preloadDemoDialog = () => void loadDemoDialog();

/** spec 001 §2.2: the landing page for visitors. */
export default function LandingPage() {
  const [demoOpen, setDemoOpen] = useState(false);
  const [demoRequested, setDemoRequested] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);

  const watchDemo = () => {
    setDemoRequested(true);
    setDemoOpen(true);
  };

  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <HeroSection onWatchDemo={watchDemo} onPreloadDemo={preloadDemoDialog} />
        <LiveStats />
        {/* Holds the page's height while the sections arrive, so the footer never flashes up under the fold. */}
        <Suspense fallback={<div className="min-h-screen" />}>
          <LandingSections
            onWatchDemo={watchDemo}
            onPreloadDemo={preloadDemoDialog}
            onOpenChat={() => setChatOpen(true)}
          />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <LandingFooterAndWidgets chatOpen={chatOpen} onChatOpenChange={setChatOpen} />
      </Suspense>
      {demoRequested && (
        <Suspense fallback={null}>
          <DemoDialog open={demoOpen} onOpenChange={setDemoOpen} />
        </Suspense>
      )}
    </>
  );
}
